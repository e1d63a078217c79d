// How a background job's times read on its card.
import { formatDuration, pluralize, secondsBetween, toEpochMs } from '../../../../domain';

/**
 * How long the job has run: from its start to its last update (docs/product.md
 * "Administration: Background Jobs and Audit Log"), '' before it starts.
 */
export function jobDuration(job: { startTime: string | null; modifiedDate: string }): string {
  return formatDuration(secondsBetween(job.startTime, job.modifiedDate));
}

const INTERVAL_UNITS = [
  { ms: 86_400_000, name: 'day' },
  { ms: 3_600_000, name: 'hour' },
  { ms: 60_000, name: 'minute' },
  { ms: 1_000, name: 'second' },
] as const;

/**
 * A schedule's interval in words, in the largest unit that divides it evenly, so an exact
 * '90 minutes' is not rounded to '1.5 hours' ('hour', '5 minutes', '90 minutes', '2 days').
 */
export function describeInterval(intervalMs: number): string {
  const wholeSeconds = Math.max(1, Math.round(intervalMs / 1000)) * 1000;
  const unit = INTERVAL_UNITS.find(({ ms }) => wholeSeconds % ms === 0) ?? INTERVAL_UNITS[3];
  const count = wholeSeconds / unit.ms;
  return count === 1 ? unit.name : `${count} ${pluralize(count, unit.name)}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * When a result was recorded, as mm:ss after the job started (minutes may pass 59); '' when
 * either time is unknown. A clock skew between workers never shows a negative offset.
 */
export function resultOffset(startTime: string | null, timestamp: string): string {
  const start = toEpochMs(startTime);
  const at = toEpochMs(timestamp);
  if (start === null || at === null) return '';
  const seconds = Math.max(0, Math.floor((at - start) / 1000));
  return `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;
}
