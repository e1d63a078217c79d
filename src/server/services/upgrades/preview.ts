// The Schedule Upgrade modal's preview (issue 11): how many orgs each selected version will reach
// and how many are left out and why, computed by scheduling's own plan (UpgradeScheduler.plan),
// so the preview and the schedule that follows cannot disagree. Nothing is written, which is why
// read-only users may ask too.
import type { SchedulePreview } from '../../../domain/api/upgrade-actions';
import type { ScheduleScope, UpgradeScheduler } from './schedule';

export async function previewSchedule(
  scheduler: UpgradeScheduler,
  scope: ScheduleScope,
  versionIds: readonly string[],
): Promise<SchedulePreview> {
  const plan = await scheduler.plan(scope, versionIds);
  const reasons = new Map<string, number>();
  for (const { reason } of plan.leftOut) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  return {
    requests: plan.requests.map(({ version, orgs }) => ({
      package_id: version.package_id,
      package_name: version.package_name,
      version_id: version.version_id,
      version_number: version.version_number,
      orgs: orgs.length,
    })),
    leftOut: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
