// The org import's background job ('Fetch subscribers by org id'; Import Orgs in
// docs/product.md "Other dialogs", PUT /api/orgs in docs/api.md "Orgs, licenses, search"): org ids
// Pushboard does not know yet are looked up in the LMA (their licenses, by subscriber org id) and
// in every active packaging org (PackageSubscriber, by OrgKey); the orgs found become org rows like
// any fetched org. When done, the 'orgs' event carries the import's transid and how many were added
// and which were not found; a failure raises 'Failed to Add Org(s)'.
import { z } from 'zod';
import { countNoun } from '../../domain/format';
import { KEY_PREFIXES, toId18 } from '../../domain/ids';
import type { OrgImportSummary } from '../../domain';
import { upsertLicenses } from '../db/repositories/licenses';
import { knownOrgIds } from '../db/repositories/org-group-writes';
import { InvalidError } from '../errors';
import type { JobDefinition, JobStep } from '../jobs/types';
import { soqlIdList } from '../salesforce/soql';
import type { SyncDeps } from './deps';
import type { StepParams } from './fetch-run';
import { LICENSE_SELECT, licenseRecord, toLicenseRow } from './lma-records';
import { refreshOrgVersions } from './refresh-versions';
import { forEachSource, messageOf, sourceOrgs } from './sources';

export const IMPORT_FAILED_SUBJECT = 'Failed to Add Org(s)';

/** Org ids per sfLma__Subscriber_Org_ID__c IN (…); each is asked in both spellings. */
const ORGS_PER_QUERY = 200;

const importParams = z.object({
  orgIds: z.array(z.string()).min(1),
  known: z.number().int().min(0).default(0),
  transid: z.string().optional(),
});
type ImportParams = z.output<typeof importParams>;

function paramsOf(params: StepParams): ImportParams {
  const parsed = importParams.safeParse(params);
  if (!parsed.success) throw new InvalidError('The import needs the org ids to look up', 'orgIds');
  const orgIds = parsed.data.orgIds.flatMap((id) => toId18(id, KEY_PREFIXES.organization) ?? []);
  return { ...parsed.data, orgIds };
}

/** The LMA's licenses of these orgs (the License Management Orgs, by subscriber org id). */
async function lookUpLicenses(
  deps: SyncDeps,
  context: Parameters<JobStep<StepParams>['run']>[0],
  orgIds: readonly string[],
): Promise<number> {
  let fetched = 0;
  const orgs = await sourceOrgs(deps, ['Licenses']);
  await forEachSource(deps, context, 'Licenses', orgs, async (org, conn) => {
    for (let start = 0; start < orgIds.length; start += ORGS_PER_QUERY) {
      const batch = orgIds.slice(start, start + ORGS_PER_QUERY);
      const asked = new Set(batch);
      // The LMA stores the subscriber org id as text, in either length.
      const keys = batch.flatMap((id) => [id, id.slice(0, 15)]);
      const records = await conn.queryAll(
        `${LICENSE_SELECT} WHERE sfLma__Subscriber_Org_ID__c IN ${soqlIdList(keys)}`,
        licenseRecord,
        { signal: context.signal },
      );
      const rows = records.map(toLicenseRow).filter((row) => row.orgId && asked.has(row.orgId));
      await deps.db.transaction((tx) => upsertLicenses(tx, org.org_id, rows));
      fetched += rows.length;
    }
  });
  return fetched;
}

function importStep(deps: SyncDeps, params: ImportParams): JobStep<StepParams> {
  return {
    name: 'Fetch subscribers',
    async run(context) {
      const { orgIds, transid } = params;
      try {
        const licenses = await lookUpLicenses(deps, context, orgIds);
        context.result(`Found ${countNoun(licenses, 'license')} in the LMA`);
        await refreshOrgVersions(deps, context, orgIds);
        const found = await knownOrgIds(deps.db, orgIds);
        const summary: OrgImportSummary = {
          added: found.size,
          known: params.known,
          notFound: orgIds.filter((id) => !found.has(id)),
        };
        context.result(
          `Added ${countNoun(found.size, 'org')}, ${countNoun(summary.notFound.length, 'org')} not found`,
          summary.notFound,
        );
        if (licenses > 0) deps.live.publish('licenses', {});
        deps.live.publish('orgs', {
          ids: [...found],
          ...(transid ? { transid } : {}),
          imported: summary,
        });
      } catch (error) {
        if (!context.signal.aborted) {
          deps.live.publish('fail', { subject: IMPORT_FAILED_SUBJECT, message: messageOf(error) });
        }
        throw error;
      }
    },
  };
}

export function importOrgsJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'import-orgs',
    name: () => 'Fetch subscribers by org id',
    steps: (params) => [importStep(deps, paramsOf(params))],
  };
}
