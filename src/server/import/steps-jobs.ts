// The old console's push jobs (with their messages) and per-upgrade blacklist snapshots, mapped
// to Pushboard's upgrade_job and upgrade_blacklist. Written a batch per statement: these are the
// long tables.
import { isJobStatus, type JobStatus } from '../../domain';
import { KEY_PREFIXES, parseSalesforceId } from '../../domain/ids';
import {
  insertImportedBlacklist,
  insertImportedJobs,
  type ImportedBlacklistEntry,
  type ImportedJob,
} from '../db/repositories/old-console-import/writes-history';
import { claim, targetOf } from './import-context';
import { text, time, type ImportStep, type Plan } from './import-step';
import { missingReason, orgIdOf } from './steps-groups';
import { versionOf } from './steps-history';

export const jobStep: ImportStep<ImportedJob> = {
  source: 'upgrade_job',
  target: 'upgrade_job',
  key: 'id',
  columns: [
    'id',
    'upgrade_id',
    'item_id',
    'push_request_id',
    'job_id',
    'org_id',
    'original_version_id',
    'status',
    'message',
    'start_time',
    'end_time',
    'duration',
  ],
  plan(row, ctx): Plan<ImportedJob> {
    const oldUpgrade = String(row.upgrade_id);
    const upgradeId = targetOf(ctx, 'upgrade', oldUpgrade);
    if (!upgradeId)
      return {
        skip: missingReason(ctx, 'upgrade', oldUpgrade, 'its upgrade'),
        detail: `upgrade ${oldUpgrade}`,
      };
    const oldItem = String(row.item_id);
    const itemId = targetOf(ctx, 'upgrade_item', oldItem);
    if (!itemId)
      return {
        skip: missingReason(ctx, 'upgrade_item', oldItem, 'its request'),
        detail: `request ${oldItem}`,
      };
    if (ctx.itemUpgrade.get(oldItem) !== oldUpgrade)
      return { skip: 'its request belongs to another upgrade', detail: `request ${oldItem}` };
    const org = orgIdOf(row.org_id);
    if ('skip' in org) return org;
    if (!claim(ctx, 'job-item-org', `${oldItem}:${org.id}`))
      return {
        skip: 'second job for the same org in one request (15- and 18-character forms)',
        detail: String(row.org_id),
      };
    const notes: string[] = [];
    const idOr = (value: unknown, prefix: string, what: string, unique?: string): string | null => {
      const raw = text(value);
      if (raw === null) return null;
      const parsed = parseSalesforceId(raw, prefix);
      if (!parsed.ok) notes.push(`${what} does not parse: imported without it`);
      else if (unique && !claim(ctx, unique, parsed.id18))
        notes.push(`${what} repeated: imported without it`);
      else return parsed.id18;
      return null;
    };
    const jobId = idOr(row.job_id, KEY_PREFIXES.pushJob, 'job id', 'job_id');
    const pushRequestId = idOr(row.push_request_id, KEY_PREFIXES.pushRequest, 'push request id');
    const original = versionOf(row.original_version_id, ctx);
    if ('bad' in original)
      notes.push('original version is not a 04t id Pushboard can read: imported without it');
    const raw = text(row.status);
    const status: JobStatus = raw && isJobStatus(raw) ? raw : 'Failed';
    if (status !== raw) notes.push('status was not a push status: imported as Failed');
    const message = text(row.message);
    return {
      notes,
      value: {
        upgradeId,
        itemId,
        pushRequestId,
        jobId,
        orgId: org.id,
        originalVersionId: 'bad' in original ? null : original.id,
        status,
        message:
          status === raw
            ? message
            : [`Status in the old console: ${String(raw)}`, message].filter(Boolean).join('. '),
        startTime: time(row.start_time),
        endTime: time(row.end_time),
        duration: row.duration === null ? null : Number(row.duration),
      },
    };
  },
  write: insertImportedJobs,
};

export const blacklistStep: ImportStep<ImportedBlacklistEntry> = {
  source: 'upgrade_blacklist',
  target: 'upgrade_blacklist',
  key: 'id',
  columns: ['id', 'upgrade_id', 'org_id'],
  plan(row, ctx) {
    const oldUpgrade = String(row.upgrade_id);
    const upgradeId = targetOf(ctx, 'upgrade', oldUpgrade);
    if (!upgradeId)
      return {
        skip: missingReason(ctx, 'upgrade', oldUpgrade, 'its upgrade'),
        detail: `upgrade ${oldUpgrade}`,
      };
    const org = orgIdOf(row.org_id);
    if ('skip' in org) return org;
    if (!claim(ctx, 'upgrade_blacklist', `${oldUpgrade}:${org.id}`))
      return { skip: 'same org listed twice for the upgrade', detail: String(row.org_id) };
    return { value: { upgradeId, orgId: org.id } };
  },
  write: insertImportedBlacklist,
};
