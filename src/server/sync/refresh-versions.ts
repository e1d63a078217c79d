// Refresh Versions for one org or one group: reads those orgs' PackageSubscriber rows from every
// active packaging org (by OrgKey), then derives their status, account and edition. Read-only
// users may run it (it only reads Salesforce). Emits org-versions / group-versions when done.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from '../../domain/ids';
import { countNoun } from '../../domain/format';
import {
  applyAccountsAndEditions,
  applyLicenseStatus,
  deriveOrgStatus,
  findGroupOrgIds,
  inheritFromParents,
  upsertOrgsFromLicenses,
} from '../db/repositories/orgs';
import { listSubscriberPackages, listVersionPackages } from '../db/repositories/packages';
import { markMissingSubscribers, upsertSubscribers } from '../db/repositories/subscribers';
import { InvalidError, NotFoundError } from '../errors';
import type { JobContext, JobDefinition, JobStep } from '../jobs/types';
import { soqlId, soqlIdList } from '../salesforce/soql';
import { utcDate, type SyncDeps } from './deps';
import type { StepParams } from './fetch-run';
import { forEachSource, SourceError, sourceOrgs } from './sources';
import { SUBSCRIBER_SELECT, subscriberRecord, toSubscriberRow } from './subscriber-records';

/** Orgs per OrgKey IN (…) query; each is sent in both spellings, so 400 literals. */
const ORGS_PER_QUERY = 200;

const orgParams = z.object({ orgId: z.string() });
const groupParams = z.object({ groupId: z.coerce.number().int().positive() });

function orgIdOf(params: StepParams): string {
  const parsed = orgParams.safeParse(params);
  const orgId = parsed.success ? toId18(parsed.data.orgId, KEY_PREFIXES.organization) : null;
  if (!orgId) throw new InvalidError('orgId must be a 15- or 18-character org id', 'orgId');
  return orgId;
}

function groupIdOf(params: StepParams): number {
  const parsed = groupParams.safeParse(params);
  if (!parsed.success) throw new InvalidError('groupId must be a group id', 'groupId');
  return parsed.data.groupId;
}

/** Reads and stores the subscriber rows of these orgs; answers how many rows came back. */
export async function refreshOrgVersions(
  deps: SyncDeps,
  context: JobContext,
  orgIds: readonly string[],
): Promise<number> {
  const versions = await listVersionPackages(deps.db);
  const known = (versionId: string) => versions.has(versionId);
  const today = utcDate(deps.now());
  let found = 0;
  const orgs = await sourceOrgs(deps, ['Package']);
  await forEachSource(deps, context, 'Package versions', orgs, async (org, conn) => {
    for (const pkg of await listSubscriberPackages(deps.db, org.org_id)) {
      try {
        for (let start = 0; start < orgIds.length; start += ORGS_PER_QUERY) {
          const batch = orgIds.slice(start, start + ORGS_PER_QUERY);
          const asked = new Set(batch);
          // OrgKey's length is not documented consistently: ask for both spellings, and keep
          // only the orgs asked for (Salesforce has returned extra rows here before).
          const keys = batch.flatMap((id) => [id, id.slice(0, 15)]);
          const records = await conn.queryAll(
            `${SUBSCRIBER_SELECT} WHERE MetadataPackageId = ${soqlId(pkg.packageId)}` +
              ` AND OrgKey IN ${soqlIdList(keys)}`,
            subscriberRecord,
            { signal: context.signal },
          );
          const rows = records.flatMap((r) => toSubscriberRow(r) ?? []);
          const mine = rows.filter((row) => asked.has(row.orgId));
          await deps.db.transaction(async (tx) => {
            await upsertSubscribers(tx, pkg.sfid, mine, { knownVersion: known, today });
            // The read was complete for these orgs: one not returned no longer has the package.
            await markMissingSubscribers(
              tx,
              pkg.sfid,
              mine.map((row) => row.orgId),
              batch,
            );
          });
          found += mine.length;
        }
      } catch (error) {
        if (context.signal.aborted) throw error;
        context.error(new SourceError(`Versions of ${pkg.name}`, org, error));
      }
    }
  });
  await deps.db.transaction(async (tx) => {
    await upsertOrgsFromLicenses(tx, orgIds);
    await applyLicenseStatus(tx, today, orgIds);
    await deriveOrgStatus(tx, today, orgIds);
    await applyAccountsAndEditions(tx, orgIds);
    await inheritFromParents(tx, orgIds);
  });
  return found;
}

function refreshOrgStep(deps: SyncDeps, orgId: string): JobStep<StepParams> {
  return {
    name: 'Fetching package versions for org',
    async run(context) {
      const found = await refreshOrgVersions(deps, context, [orgId]);
      context.result(`Found ${countNoun(found, 'installed package')} for ${orgId}`);
      deps.live.publish('org-versions', { ids: [orgId] });
      deps.live.publish('orgs', { ids: [orgId] });
    },
  };
}

function refreshGroupStep(deps: SyncDeps, groupId: number): JobStep<StepParams> {
  return {
    name: 'Fetching package versions for group',
    async run(context) {
      const orgIds = await findGroupOrgIds(deps.db, groupId);
      if (!orgIds) throw new NotFoundError(`There is no group ${groupId}.`);
      const found = orgIds.length > 0 ? await refreshOrgVersions(deps, context, orgIds) : 0;
      context.result(
        `Found ${countNoun(found, 'installed package')} for ${countNoun(orgIds, 'org')} of the group`,
      );
      deps.live.publish('group-versions', { ids: [groupId] });
      deps.live.publish('orgs', { ids: orgIds });
    },
  };
}

export function refreshOrgVersionsJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'refresh-org-versions',
    name: () => 'Fetch package versions for org',
    steps: (params) => [refreshOrgStep(deps, orgIdOf(params))],
  };
}

export function refreshGroupVersionsJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'refresh-group-versions',
    name: () => 'Fetch package versions for group',
    steps: (params) => [refreshGroupStep(deps, groupIdOf(params))],
  };
}
