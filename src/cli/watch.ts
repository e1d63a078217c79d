// `pushboard upgrades watch`: the upgrade's progress until it ends, as a bar on a terminal or a
// line per change otherwise; the exit code says how it ended.
import { progressOfUpgradeCounts, type UpgradeDetail } from '../domain';

export const WATCH_EXIT = { succeeded: 0, withFailures: 3, canceledOrFailed: 4 } as const;

const ENDED = new Set(['Done', 'Canceled', 'Failed']);

export function progressOf(upgrade: UpgradeDetail) {
  return progressOfUpgradeCounts(upgrade);
}

/** One line: a 30-character bar, the share, and the counts. */
export function progressLine(upgrade: UpgradeDetail): string {
  const p = progressOf(upgrade);
  const filled = Math.round((p.percentage / 100) * 30);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(30 - filled)}`;
  return `[${bar}] ${p.percentage.toFixed(0).padStart(3)}%  ${upgrade.status}  ${p.succeeded} succeeded, ${p.errors} failed, ${p.canceled} canceled, ${p.active} to go of ${p.count}`;
}

/** Whether the upgrade has ended, and the exit code that says how. */
export function watchOutcome(upgrade: UpgradeDetail): number | undefined {
  if (!ENDED.has(upgrade.status)) return undefined;
  if (upgrade.status !== 'Done') return WATCH_EXIT.canceledOrFailed;
  return progressOf(upgrade).errors > 0 ? WATCH_EXIT.withFailures : WATCH_EXIT.succeeded;
}
