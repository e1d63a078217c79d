// Steps: packages, then their versions, then the latest / latest-limited version per package.
import { countNoun } from '../../domain/format';
import {
  listPackageSfids,
  recomputeLatestVersions,
  upsertPackages,
  upsertPackageVersions,
  type PackageVersionRow,
} from '../db/repositories/packages';
import { clearWatermark } from '../db/repositories/watermarks';
import type { JobStep } from '../jobs/types';
import type { SyncDeps } from './deps';
import type { FetchRun, StepParams } from './fetch-run';
import {
  PACKAGE_SELECT,
  packageRecord,
  toPackageRow,
  toVersionRow,
  VERSION_SELECT,
  VERSION_WHERE,
  versionRecord,
} from './lma-records';
import { readSource } from './read-source';
import { alertUnauthorizedPackagingOrgs } from './preauth-org-alert';
import { forEachSource, sourceOrgs, stampedRead } from './sources';

export function fetchPackagesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Fetching packages',
    async run(context) {
      const orgs = await sourceOrgs(deps, ['Licenses']);
      await forEachSource(deps, context, 'Packages', orgs, async (org, conn) => {
        // Inactive packages are stored with their status (licenses and versions point at them)
        // but skipped everywhere work is done: subscriber fetches and upgrades.
        let inactive = 0;
        const outcome = await readSource({
          ...stampedRead(deps, run, context, conn, packageRecord),
          select: PACKAGE_SELECT,
          watermark: { sourceOrgId: org.org_id, objectName: 'sfLma__Package__c', scope: '' },
          write: (tx, records) => {
            inactive += records.filter((r) => r.Status__c === 'Inactive').length;
            return upsertPackages(tx, org.org_id, records.map(toPackageRow));
          },
        });
        run.fetched += outcome.written;
        const skipped = inactive > 0 ? ` (${inactive} inactive, skipped for subscribers)` : '';
        context.result(
          `Fetched ${countNoun(outcome.written, 'package')} from ${org.name}${skipped}`,
        );
      });
      // Packaging orgs the LMA names but Pushboard cannot act through: ask for authorization.
      const waiting = await alertUnauthorizedPackagingOrgs(deps.db, deps.live);
      if (waiting > 0)
        context.result(`${countNoun(waiting, 'packaging org')} not connected yet (alert raised)`);
    },
  };
}

export function fetchPackageVersionsStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Fetching package versions',
    async run(context) {
      const orgs = await sourceOrgs(deps, ['Licenses']);
      const packages = await listPackageSfids(deps.db);
      await forEachSource(deps, context, 'Package versions', orgs, async (org, conn) => {
        const skipped: string[] = [];
        let orphans = 0;
        const watermark = {
          sourceOrgId: org.org_id,
          objectName: 'sfLma__Package_Version__c',
          scope: '',
        };
        const outcome = await readSource({
          ...stampedRead(deps, run, context, conn, versionRecord),
          select: VERSION_SELECT,
          where: [VERSION_WHERE],
          watermark,
          write: (tx, records) => {
            const rows: PackageVersionRow[] = [];
            for (const record of records) {
              const row = toVersionRow(record);
              if ('skip' in row) skipped.push(row.skip);
              else if (!packages.has(row.packageId)) {
                orphans++;
                skipped.push(`${row.name ?? row.sfid}: its package is not stored`);
              } else rows.push(row);
            }
            return upsertPackageVersions(tx, org.org_id, rows);
          },
        });
        // A version whose package failed to load must be read again next time: versions are
        // few, so the next read of this org's versions is simply a full one.
        if (orphans > 0) await clearWatermark(deps.db, watermark);
        run.fetched += outcome.written - skipped.length;
        context.result(
          `Fetched ${countNoun(outcome.written - skipped.length, 'package version')} from ${org.name}` +
            (skipped.length > 0 ? `; skipped ${skipped.length}` : ''),
          skipped.length > 0 ? skipped : undefined,
        );
      });
    },
  };
}

export function computeLatestVersionsStep(deps: SyncDeps): JobStep<StepParams> {
  return {
    name: 'Computing latest versions',
    async run(context) {
      const changed = await recomputeLatestVersions(deps.db);
      context.result(`Updated the latest versions of ${countNoun(changed, 'package')}`);
    },
  };
}
