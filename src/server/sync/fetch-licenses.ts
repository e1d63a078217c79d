// Step: licenses from every License Management Org.
import { countNoun } from '../../domain/format';
import { upsertLicenses } from '../db/repositories/licenses';
import type { JobStep } from '../jobs/types';
import type { SyncDeps } from './deps';
import { beginWriting, touch, withBulkLoad, type FetchRun, type StepParams } from './fetch-run';
import { LICENSE_SELECT, licenseRecord, toLicenseRow } from './lma-records';
import { readSource } from './read-source';
import { forEachSource, sourceOrgs, stampedRead } from './sources';

export function fetchLicensesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Fetching licenses',
    async run(context) {
      await beginWriting(deps.db, run);
      let written = 0;
      const orgs = await sourceOrgs(deps, ['Licenses']);
      await withBulkLoad(
        deps.db,
        run,
        ['license'],
        () =>
          forEachSource(deps, context, 'Licenses', orgs, async (org, conn) => {
            const outcome = await readSource({
              ...stampedRead(deps, run, context, conn, licenseRecord),
              select: LICENSE_SELECT,
              watermark: { sourceOrgId: org.org_id, objectName: 'sfLma__License__c', scope: '' },
              write: (tx, records) => {
                const rows = records.map(toLicenseRow);
                touch(
                  run,
                  rows.map((row) => row.orgId),
                );
                return upsertLicenses(
                  tx,
                  org.org_id,
                  rows,
                  run.bulkLoads.has('license') ? 'fresh' : 'upsert',
                );
              },
              onPage: (totals) =>
                context.progress(`Fetching licenses from ${org.name}: ${totals.written} so far`),
            });
            written += outcome.written;
            run.fetched += outcome.written;
            context.result(`Fetched ${countNoun(outcome.written, 'license')} from ${org.name}`);
          }),
        // The subscribers' fetch looks each install's licenses up by (org, package): that index
        // is built at once, the others while it runs.
        { indexes: ['license_org_idx'] },
      );
      if (written > 0) deps.live.publish('licenses', {});
    },
  };
}
