// Step: subscribers of every active package from every active packaging org, one query per
// package (PackageSubscriber WHERE MetadataPackageId = <033 id>), each with its own watermark.
import { countNoun } from '../../domain/format';
import type { ConnectedOrgRow } from '../db/repositories/connected-orgs';
import {
  listSubscriberPackages,
  listVersionPackages,
  type SubscriberPackage,
} from '../db/repositories/packages';
import {
  markMissingSubscribers,
  upsertSubscribers,
  type SubscriberRow,
} from '../db/repositories/subscribers';
import type { JobContext, JobStep } from '../jobs/types';
import type { OrgConnection } from '../salesforce/org-connection';
import { soqlId } from '../salesforce/soql';
import type { SyncDeps } from './deps';
import {
  ANALYZE_AFTER,
  analyzeRunTables,
  beginBulkLoads,
  beginWriting,
  buildIndexesEarly,
  touch,
  type FetchRun,
  type StepParams,
} from './fetch-run';
import { readSource } from './read-source';
import { forEachSource, SourceError, sourceOrgs, stampedRead } from './sources';
import { SUBSCRIBER_SELECT, subscriberRecord, toSubscriberRow } from './subscriber-records';
import { WrittenOrgs } from './written-orgs';

/** At most this many unknown version ids are listed in a result's details. */
const MAX_LISTED = 20;

export function fetchSubscribersStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Fetching package subscribers',
    async run(context) {
      await beginWriting(deps.db, run);
      // Installs look their licenses up: plan those lookups on the licenses just loaded.
      if (run.fetched >= ANALYZE_AFTER) await analyzeRunTables(deps.db, run);
      const versions = await listVersionPackages(deps.db);
      const orgsWritten = new WrittenOrgs();
      let written = 0;
      const orgs = await sourceOrgs(deps, ['Package']);
      // A first load stays in bulk until the derivations are done: they rewrite every org.
      await beginBulkLoads(deps.db, run, ['org_package_version', 'org']);
      await forEachSource(deps, context, 'Subscribers', orgs, async (org, conn) => {
        for (const pkg of await listSubscriberPackages(deps.db, org.org_id)) {
          context.throwIfCanceled();
          try {
            written += await fetchPackage(deps, run, context, {
              org,
              conn,
              pkg,
              versions,
              orgsWritten,
            });
          } catch (error) {
            if (context.signal.aborted) throw error;
            context.error(new SourceError(`Subscribers of ${pkg.name}`, org, error));
          }
        }
      });
      // The derivations rewrite orgs, not installs: those are indexed while they run.
      await buildIndexesEarly(deps.db, run, ['org_package_version']);
      if (written > 0) deps.live.publish('orgs', {});
    },
  };
}

interface PackageSource {
  org: ConnectedOrgRow;
  conn: OrgConnection;
  pkg: SubscriberPackage;
  versions: ReadonlyMap<string, string>;
  orgsWritten: WrittenOrgs;
}

async function fetchPackage(
  deps: SyncDeps,
  run: FetchRun,
  context: JobContext,
  { org, conn, pkg, versions, orgsWritten }: PackageSource,
): Promise<number> {
  const seen = new Set<string>();
  const unknown = new Map<string, number>();
  const known = (versionId: string) => versions.has(versionId);
  // The orgs whose install of the package this run wrote (the last row per org is the one kept).
  const installed = new Set<string>();
  const noteInstalls = (rows: readonly SubscriberRow[]) => {
    for (const row of new Map(rows.map((r) => [r.orgId, r])).values()) {
      if (row.versionId === null || !known(row.versionId) || installed.has(row.orgId)) continue;
      installed.add(row.orgId);
      run.installsWritten++;
    }
  };
  const outcome = await readSource({
    ...stampedRead(deps, run, context, conn, subscriberRecord),
    select: SUBSCRIBER_SELECT,
    where: [`MetadataPackageId = ${soqlId(pkg.packageId)}`],
    watermark: { sourceOrgId: org.org_id, objectName: 'PackageSubscriber', scope: pkg.sfid },
    write: async (tx, records) => {
      const rows: SubscriberRow[] = [];
      for (const record of records) {
        const row = toSubscriberRow(record);
        if (!row) continue;
        rows.push(row);
        seen.add(row.orgId);
        const version = row.versionId ?? record.MetadataPackageVersionId ?? '(none)';
        if (!row.versionId || !known(row.versionId)) {
          unknown.set(version, (unknown.get(version) ?? 0) + 1);
        }
      }
      touch(
        run,
        rows.map((row) => row.orgId),
      );
      const freshOrgs = run.bulkLoads.has('org');
      await upsertSubscribers(tx, pkg.sfid, rows, {
        knownVersion: known,
        today: run.today,
        orgIsCurrent: (row) => orgsWritten.isCurrent(row),
        freshInstalls: run.bulkLoads.has('org_package_version'),
        orgIsNew: (row) => freshOrgs && !orgsWritten.has(row.orgId),
      });
      // Stored once the page's transaction has committed.
      return () => {
        orgsWritten.remember(rows);
        noteInstalls(rows);
      };
    },
    onPage: (totals) =>
      context.progress(`Fetching subscribers of ${pkg.name}: ${totals.written} so far`),
  });
  run.fetched += outcome.written;
  // Only a complete read that returned rows proves who no longer has the package.
  const missing =
    run.full && seen.size > 0 ? await markMissingSubscribers(deps.db, pkg.sfid, [...seen]) : 0;
  const skipped = [...unknown.values()].reduce((sum, n) => sum + n, 0);
  const notes = [
    ...(skipped > 0 ? [`${skipped} on versions not in the LMA, skipped`] : []),
    ...(missing > 0 ? [`${missing} no longer installed, marked Not Found`] : []),
  ];
  context.result(
    `Fetched ${countNoun(outcome.written, 'subscriber')} of ${pkg.name} from ${org.name}` +
      (notes.length > 0 ? ` (${notes.join('; ')})` : ''),
    skipped > 0
      ? [...unknown.entries()]
          .slice(0, MAX_LISTED)
          .map(([id, n]) => `Unknown version ${id}: ${countNoun(n, 'org')}`)
      : undefined,
  );
  return outcome.written;
}
