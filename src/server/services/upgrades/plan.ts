// Who gets which push job: one eligibility path for the single-org and the group schedule
// (docs/product.md "Eligibility: who gets a push job") — whitelist (ALLOWED_ORGS and Whitelist
// Group members), blacklist (the shared blacklist SQL), license Active or Trial, not on the latest
// limited version, and only selected versions strictly newer than the installed one (stepped when
// several are). Nothing is written.
import {
  applyOrgLists,
  isUpgradeableLicense,
  MAINTENANCE_HOLD_MINUTES,
  targetVersions,
  tierOrder,
} from '../../../domain/eligibility';
import type { LeftOutReason } from '../../../domain/left-out';
import type { SqlClient } from '../../db/database';
import { blacklistReasons, type BlacklistSettings } from '../../db/repositories/blacklist';
import { findMaintenanceHolds, type MaintenanceHoldRow } from '../../db/repositories/instances';
import {
  blacklistedOrgIds,
  findInstalledVersions,
  findTargetVersions,
  whitelistGroupOrgIds,
  type InstalledRow,
  type TargetVersion,
} from '../../db/repositories/upgrades/plan-reads';
import { InvalidError } from '../../errors';

export type { TargetVersion };

/** A selected version's packaging org has no connection, so nothing can be pushed through it. */
export class PackagingOrgNotConnected extends InvalidError {
  constructor(
    message: string,
    readonly packagingOrg: { org_id: string; package_names: string } | null,
  ) {
    super(message, 'versions');
  }
}

/** One push request to create: a target version in its packaging org, and the orgs it reaches. */
export interface PlannedRequest {
  version: TargetVersion;
  packageOrgId: string;
  orgs: { orgId: string; originalVersionId: string | null }[];
  /** The rollout wave the request belongs to (1-based); absent without a rollout plan. */
  wave?: number;
}

/** One wave of a staged rollout, as scheduling writes it and the preview shows it. */
export interface PlannedWave {
  wave: number;
  label: string;
  startMode: 'gate' | 'person';
  orgIds: string[];
  /** Orgs of the first wave moved here by a maintenance window at the start. */
  heldFromPrevious: number;
}

export interface SchedulePlan {
  requests: PlannedRequest[];
  /** With a rollout plan: the waves, in order (rollout-plan.ts). */
  waves?: PlannedWave[];
  /** Orgs that get no push job at all, with why (the upgrade's Blacklist tab, the preview). */
  leftOut: { orgId: string; reasons: LeftOutReason[] }[];
}

/** Whether the plan creates at least one push job. */
export function reachesAnyone(plan: SchedulePlan): boolean {
  return plan.requests.some((request) => request.orgs.length > 0);
}

export interface ListSettings extends BlacklistSettings {
  /** ALLOWED_ORGS, as 18-character ids. */
  readonly allowedOrgs: readonly string[];
}

/** The selected versions with their packages; 400 naming `versions` for unknown ones. */
export async function loadTargetVersions(
  db: SqlClient,
  versionIds: readonly string[],
): Promise<TargetVersion[]> {
  const rows = await findTargetVersions(db, versionIds);
  const found = new Set(rows.map((r) => r.version_id));
  const unknown = versionIds.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw new InvalidError(`Unknown package version(s): ${unknown.join(', ')}`, 'versions');
  }
  for (const row of rows) {
    if (!row.package_org_id || !row.connected) {
      throw new PackagingOrgNotConnected(
        `The packaging org of ${row.package_name} is not connected, so version ${row.version_number} cannot be pushed.`,
        row.package_org_id ? { org_id: row.package_org_id, package_names: row.package_name } : null,
      );
    }
  }
  return rows.map(({ connected: _connected, ...version }) => version);
}

/**
 * Computes the plan for candidate orgs (deduplicated, in order) and the selected versions. With
 * `startTime`, orgs whose instance has a maintenance window overlapping MAINTENANCE_HOLD_MINUTES
 * from it are left out (docs/product.md "Maintenance windows").
 */
export async function planSchedule(
  db: SqlClient,
  candidates: readonly string[],
  versions: readonly TargetVersion[],
  settings: ListSettings,
  startTime?: Date,
): Promise<SchedulePlan> {
  const orgIds = [...new Set(candidates)];
  const reasons = new Map<string, LeftOutReason[]>();
  const addReason = (orgId: string, reason: LeftOutReason) => {
    reasons.set(orgId, [...(reasons.get(orgId) ?? []), reason]);
  };

  // Whitelist and blacklist first: they exclude an org from every package.
  const whitelist = await whitelistGroupOrgIds(db);
  const lists = applyOrgLists(orgIds, {
    blacklist: await blacklistedOrgIds(db, orgIds, settings),
    whitelist: [...settings.allowedOrgs, ...whitelist],
  });
  for (const orgId of lists.notWhitelisted) addReason(orgId, { kind: 'not-whitelisted' });
  for (const orgId of lists.blacklisted) {
    for (const reason of await blacklistOf(db, orgId, settings)) addReason(orgId, reason);
  }
  const held = new Set<string>();
  if (startTime) {
    const until = new Date(startTime.getTime() + MAINTENANCE_HOLD_MINUTES * 60_000);
    for (const hold of await findMaintenanceHolds(db, lists.eligible, startTime, until)) {
      const orgId = hold.org_id.trim();
      held.add(orgId);
      addReason(orgId, maintenanceReason(hold));
    }
  }

  // Then per package: license, latest limited version, installed vs. selected versions.
  const byPackage = new Map<string, TargetVersion[]>();
  for (const version of versions) {
    byPackage.set(version.package_id, [...(byPackage.get(version.package_id) ?? []), version]);
  }
  const installed = await findInstalledVersions(db, lists.eligible, [...byPackage.keys()]);
  const installedOf = new Map<string, InstalledRow>();
  for (const row of installed) {
    installedOf.set(`${row.org_id.trim()}|${row.package_id.trim()}`, row);
  }

  const requests = new Map<string, PlannedRequest>();
  const included = new Set<string>();
  for (const orgId of lists.eligible) {
    if (held.has(orgId)) continue;
    for (const [packageId, selected] of byPackage) {
      const name = selected[0]?.package_name ?? packageId;
      const row = installedOf.get(`${orgId}|${packageId}`);
      if (!row) {
        addReason(orgId, { kind: 'not-installed', packageName: name });
        continue;
      }
      if (!isUpgradeableLicense(row.license_status)) {
        addReason(orgId, {
          kind: 'license',
          packageName: name,
          licenseStatus: row.license_status,
        });
        continue;
      }
      const installedId = row.version_id.trim();
      const versionNumber = row.version_number;
      if (row.limited_version_id && installedId === row.limited_version_id.trim()) {
        addReason(orgId, { kind: 'latest-limited', packageName: name, versionNumber });
        continue;
      }
      const targets = targetVersions(row.version_sort, selected);
      if (targets.length === 0) {
        addReason(orgId, { kind: 'already-current', packageName: name, versionNumber });
        continue;
      }
      included.add(orgId);
      for (const version of targets) {
        const request = requests.get(version.version_id) ?? {
          version,
          packageOrgId: version.package_org_id ?? '',
          orgs: [],
        };
        request.orgs.push({ orgId, originalVersionId: installedId });
        requests.set(version.version_id, request);
      }
    }
  }

  const ordered = [...requests.values()].sort(
    (a, b) =>
      tierOrder(a.version.dependency_tier) - tierOrder(b.version.dependency_tier) ||
      a.version.package_id.localeCompare(b.version.package_id) ||
      a.version.version_sort.localeCompare(b.version.version_sort),
  );
  const leftOut = orgIds
    .filter((orgId) => !included.has(orgId))
    .map((orgId) => ({ orgId, reasons: reasons.get(orgId) ?? [] }));
  return { requests: ordered, leftOut };
}

/** The window that holds an org, as its left-out reason. */
export function maintenanceReason(hold: MaintenanceHoldRow): LeftOutReason {
  return {
    kind: 'maintenance',
    instance: hold.instance_key,
    window: hold.name,
    start: new Date(hold.planned_start).toISOString(),
    end: new Date(hold.planned_end).toISOString(),
  };
}

/** Why the blacklist holds an org: its Blacklist Groups, DENIED_ORGS, or those of its account. */
async function blacklistOf(
  db: SqlClient,
  orgId: string,
  settings: BlacklistSettings,
): Promise<LeftOutReason[]> {
  const rows = await blacklistReasons(db, orgId, settings);
  // Only when the group changed between the two reads: still blacklisted, by a group now gone.
  if (rows.length === 0) return [{ kind: 'blacklisted', group: '?', viaOrgId: null }];
  return rows.map((r): LeftOutReason => {
    const viaOrgId = r.kind === 'account' ? (r.via_org_id ?? null) : null;
    return r.group_name
      ? { kind: 'blacklisted', group: r.group_name, viaOrgId }
      : { kind: 'denied', viaOrgId };
  });
}
