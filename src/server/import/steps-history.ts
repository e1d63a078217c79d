// The old console's upgrade history: upgrades, their requests (upgrade_item) and jobs with their
// messages, and the per-upgrade blacklist snapshot, mapped to Pushboard's tables of the same names.
// Who scheduled and who activated stay as the old console wrote them (text, as Pushboard keeps
// them too; docs/operations.md "Importing from the old console").
import { isJobStatus, UPGRADE_STATUSES, type JobStatus } from '../../domain';
import { KEY_PREFIXES, parseSalesforceId } from '../../domain/ids';
import {
  insertImportedItems,
  insertImportedUpgrades,
  type ImportedItem,
  type ImportedUpgrade,
} from '../db/repositories/old-console-import/writes-history';
import { claim, noteSeen, PENDING, targetOf, type ImportContext } from './import-context';
import { text, time, type ImportStep, type Plan } from './import-step';
import { parseOldTextId } from './old-text-id';
import { missingReason, orgIdOf } from './steps-groups';

/** An id of the kind in 18-character form, null when empty, or why it does not parse. */
function idOf(value: unknown, prefix: string): { id: string | null } | { bad: string } {
  const raw = text(value);
  if (raw === null) return { id: null };
  const parsed = parseSalesforceId(raw, prefix);
  return parsed.ok ? { id: parsed.id18 } : { bad: `${raw}: ${parsed.reason}` };
}

/**
 * A package version as a 04t id. The old console kept either the 04t id or the LMA's package
 * version record id; the latter is read through Pushboard's package versions (fetched from the LMA).
 */
export function versionOf(
  value: unknown,
  ctx: ImportContext,
): { id: string | null; lma?: boolean } | { bad: string } {
  const raw = text(value);
  if (raw === null) return { id: null };
  const asVersion = idOf(raw, KEY_PREFIXES.packageVersion);
  if ('id' in asVersion) return asVersion;
  const record = parseSalesforceId(raw);
  const known = record.ok ? ctx.versionBySfid.get(record.id18) : undefined;
  if (known) return { id: known.versionId, lma: true };
  return { bad: raw };
}

function jobStatus(value: unknown): { status: JobStatus; note?: string } {
  const raw = text(value);
  if (raw && isJobStatus(raw)) return { status: raw };
  // The old console wrote Salesforce's error list into the status when a create failed.
  return {
    status: 'Failed',
    note: 'status was not a push status: imported as Failed, the old text kept as its message',
  };
}

export const upgradeStep: ImportStep<ImportedUpgrade> = {
  source: 'upgrade',
  target: 'upgrade',
  key: 'id',
  columns: [
    'id',
    'start_time',
    'description',
    'status',
    'parent_id',
    'comment',
    'org_group_id',
    'created_by',
    'activated_by',
    'activated_date',
  ],
  plan(row, ctx): Plan<ImportedUpgrade> {
    noteSeen(ctx, 'upgrade', String(row.id));
    const status = text(row.status);
    // One system owns an upgrade in flight: the old console until it ends there.
    if (status === 'Ready' || status === 'Active')
      return {
        skip: 'still running in the old console (import again once it ended)',
        detail: status,
      };
    const startTime = time(row.start_time);
    if (!startTime) return { skip: 'no start time' };
    const notes: string[] = [];
    const known = UPGRADE_STATUSES.find((s) => s === status);
    if (!known) notes.push('status unknown to Pushboard: imported as Failed');
    const reference = (column: string, table: string): { target: string; old: string } | null => {
      const parsed = parseOldTextId(column, text(row[column]));
      if ('skipped' in parsed) {
        notes.push(`${column} is not a row id: imported without it`);
        return null;
      }
      if (parsed.id === null) return null;
      const target = targetOf(ctx, table, String(parsed.id));
      if (!target) notes.push(`${column} names a row that was not imported: imported without it`);
      return target ? { target, old: String(parsed.id) } : null;
    };
    // A parent in the same batch has no id yet: the write finds it by its old id.
    const parent = reference('parent_id', 'upgrade');
    const pendingParent = parent?.target === PENDING;
    return {
      notes,
      value: {
        startTime,
        description: text(row.description) ?? `Old console upgrade ${String(row.id)}`,
        status: known ?? 'Failed',
        message: known ? null : `Status in the old console: ${String(status)}`,
        sourceKey: String(row.id),
        parentId: pendingParent ? null : (parent?.target ?? null),
        parentSourceKey: pendingParent ? parent.old : null,
        comment: text(row.comment),
        groupId: reference('org_group_id', 'org_group')?.target ?? null,
        createdBy: text(row.created_by),
        activatedBy: text(row.activated_by),
        activatedDate: time(row.activated_date),
      },
    };
  },
  write: insertImportedUpgrades,
};

/** The target upgrade of an old row's upgrade_id, or the reason it has none. */
function upgradeOf(
  value: unknown,
  ctx: ImportContext,
): { id: string } | { skip: string; detail: string } {
  const old = String(value);
  const id = targetOf(ctx, 'upgrade', old);
  return id
    ? { id }
    : { skip: missingReason(ctx, 'upgrade', old, 'its upgrade'), detail: `upgrade ${old}` };
}

export const itemStep: ImportStep<ImportedItem> = {
  source: 'upgrade_item',
  target: 'upgrade_item',
  key: 'id',
  columns: [
    'id',
    'upgrade_id',
    'total_job_count',
    'push_request_id',
    'package_org_id',
    'version_id',
    'status',
    'scheduled_start_time',
    'created_by',
    'activated_by',
    'activated_date',
    'start_time',
    'end_time',
    'duration',
  ],
  plan(row, ctx): Plan<ImportedItem> {
    noteSeen(ctx, 'upgrade_item', String(row.id));
    ctx.itemUpgrade.set(String(row.id), String(row.upgrade_id));
    const upgrade = upgradeOf(row.upgrade_id, ctx);
    if ('skip' in upgrade) return upgrade;
    const packageOrg = orgIdOf(row.package_org_id);
    if ('skip' in packageOrg)
      return { skip: `packaging ${packageOrg.skip}`, detail: packageOrg.detail };
    const version = versionOf(row.version_id, ctx);
    if ('bad' in version || version.id === null) {
      return {
        skip: 'version is neither a 04t id nor an LMA package version Pushboard has fetched',
        detail: String(row.version_id),
      };
    }
    const scheduled = time(row.scheduled_start_time) ?? time(row.start_time);
    if (!scheduled) return { skip: 'no scheduled start time' };
    const notes: string[] = [];
    if (version.lma) notes.push('version given as an LMA record id: imported as its 04t id');
    let request = idOf(row.push_request_id, KEY_PREFIXES.pushRequest);
    if ('bad' in request) {
      notes.push('push request id does not parse: imported without it');
      request = { id: null };
    } else if (request.id && !claim(ctx, 'push_request_id', request.id)) {
      notes.push('push request id already used by another request: imported without it');
      request = { id: null };
    }
    const status = jobStatus(row.status);
    if (status.note) notes.push(status.note);
    return {
      notes,
      value: {
        upgradeId: upgrade.id,
        pushRequestId: request.id,
        packageOrgId: packageOrg.id,
        packageId: ctx.packageOfVersion.get(version.id) ?? null,
        versionId: version.id,
        status: status.status,
        message: status.note ? text(row.status) : null,
        scheduledStartTime: scheduled,
        totalJobCount: Number(row.total_job_count ?? 0),
        createdBy: text(row.created_by),
        activatedBy: text(row.activated_by),
        activatedDate: time(row.activated_date),
        startTime: time(row.start_time),
        endTime: time(row.end_time),
        duration: row.duration === null ? null : Number(row.duration),
      },
    };
  },
  write: insertImportedItems,
};
