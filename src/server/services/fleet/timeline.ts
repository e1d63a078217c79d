// An upgrade's timeline (docs/product.md "Upgrade detail"): per request, how many of its jobs were
// pending, in progress, succeeded and failed at the end of each minute, from the first job that
// started to the last that ended, or to now while jobs still run. The database answers starts and
// ends per minute; the running totals are summed here.
import type { TimelinePoint, UpgradeTimeline } from '../../../domain/api/fleet';
import type { SqlClient } from '../../db/database';
import { readTimelineEvents } from '../../db/repositories/fleet-reads';
import { upgradeExists } from '../../db/repositories/upgrades/upgrades';
import { NotFoundError } from '../../errors';

/** Points drawn at most per request; a longer run is drawn in steps of several minutes. */
const MAX_POINTS = 360;

export async function upgradeTimeline(
  db: SqlClient,
  upgradeId: number,
  now: Date,
): Promise<UpgradeTimeline> {
  if (!(await upgradeExists(db, upgradeId))) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const { items, first, last, events } = await readTimelineEvents(db, upgradeId);
  const running = items.some((item) => {
    const ended = events
      .filter((e) => e.item_id === item.item_id)
      .reduce((sum, e) => sum + e.succeeded + e.failed + e.ended_other, 0);
    return ended < item.jobs;
  });
  const end = running || last === null ? now : last;
  const minutes =
    first === null ? 0 : Math.max(1, Math.ceil((end.getTime() - first.getTime()) / 60_000));
  const step = Math.max(1, Math.ceil(minutes / MAX_POINTS));
  return {
    upgrade_id: upgradeId,
    step_minutes: step,
    requests: items.map((item) => {
      const points: TimelinePoint[] = [];
      if (first === null) return { ...item, points };
      const own = events.filter((e) => e.item_id === item.item_id);
      let started = 0;
      let succeeded = 0;
      let failed = 0;
      let ended = 0;
      let next = 0;
      // Each point says how things stood at the end of its step.
      for (let minute = 0; minute < minutes + step; minute += step) {
        while (next < own.length && own[next]!.minute < minute + step) {
          const e = own[next++]!;
          started += e.started;
          succeeded += e.succeeded;
          failed += e.failed;
          ended += e.succeeded + e.failed + e.ended_other;
        }
        points.push({
          minute: new Date(first.getTime() + minute * 60_000).toISOString(),
          pending: Math.max(0, item.jobs - started),
          in_progress: Math.max(0, started - ended),
          succeeded,
          failed,
        });
        if (minute >= minutes) break;
      }
      return {
        item_id: item.item_id,
        package_name: item.package_name,
        version_number: item.version_number,
        points,
      };
    }),
  };
}
