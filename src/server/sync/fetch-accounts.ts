// Step: the accounts licenses point at, from every Licenses (and Accounts) org. An incremental
// read returns recently modified accounts only, so accounts that new licenses name but that were
// never stored are then read by id.
import { countNoun } from '../../domain/format';
import { findMissingAccountIds, upsertAccounts } from '../db/repositories/accounts';
import { findOrgsOfAccounts } from '../db/repositories/orgs';
import type { JobStep } from '../jobs/types';
import type { OrgConnection } from '../salesforce/org-connection';
import { soqlIdList } from '../salesforce/soql';
import type { SyncDeps } from './deps';
import { beginBulkLoads, beginWriting, touch, type FetchRun, type StepParams } from './fetch-run';
import { ACCOUNT_SELECT, ACCOUNT_WHERE, accountRecord, toAccountRow } from './lma-records';
import { readSource } from './read-source';
import { forEachSource, sourceOrgs, stampedRead } from './sources';

/** Ids per `Id IN (…)` query, well inside Salesforce's URL length limit. */
const IDS_PER_QUERY = 200;

export function fetchAccountsStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Fetching accounts',
    async run(context) {
      await beginWriting(deps.db, run);
      const orgs = await sourceOrgs(deps, ['Licenses', 'Accounts']);
      // A first load stays in bulk until the derivations are done (fetch-run.ts).
      await beginBulkLoads(deps.db, run, ['account']);
      await forEachSource(deps, context, 'Accounts', orgs, async (org, conn) => {
        const written: string[] = [];
        const outcome = await readSource({
          ...stampedRead(deps, run, context, conn, accountRecord),
          select: ACCOUNT_SELECT,
          where: [ACCOUNT_WHERE],
          watermark: { sourceOrgId: org.org_id, objectName: 'Account', scope: '' },
          write: (tx, records) => {
            const rows = records.map(toAccountRow);
            if (!run.full) written.push(...rows.map((row) => row.accountId));
            return upsertAccounts(
              tx,
              org.org_id,
              rows,
              run.bulkLoads.has('account') ? 'fresh' : 'upsert',
            );
          },
          onPage: (totals) =>
            context.progress(`Fetching accounts from ${org.name}: ${totals.written} so far`),
        });
        const filled = await fetchMissingAccounts(deps, org.org_id, conn, context.signal);
        if (!run.full) written.push(...filled);
        // Orgs pointing at a new or renamed account are derived again (account_id, sandboxes).
        touch(run, await findOrgsOfAccounts(deps.db, written));
        run.fetched += outcome.written + filled.length;
        context.result(
          `Fetched ${countNoun(outcome.written + filled.length, 'account')} from ${org.name}`,
        );
      });
    },
  };
}

async function fetchMissingAccounts(
  deps: SyncDeps,
  sourceOrgId: string,
  conn: OrgConnection,
  signal: AbortSignal,
): Promise<string[]> {
  const missing = await findMissingAccountIds(deps.db, sourceOrgId);
  const fetched: string[] = [];
  for (let start = 0; start < missing.length; start += IDS_PER_QUERY) {
    const ids = missing.slice(start, start + IDS_PER_QUERY);
    const records = await conn.queryAll(
      `${ACCOUNT_SELECT} WHERE Id IN ${soqlIdList(ids)}`,
      accountRecord,
      { signal },
    );
    const rows = records.map(toAccountRow);
    await deps.db.transaction((tx) => upsertAccounts(tx, sourceOrgId, rows));
    fetched.push(...rows.map((row) => row.accountId));
  }
  return fetched;
}
