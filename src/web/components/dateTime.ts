// How the screens show an instant: the date-time in the browser's zone, or relative time. The
// domain's time module extends dayjs with utc and timezone only; relativeTime is a display
// concern, so the web extends it here.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { formatDateTime, toEpochMs, type DateInput } from '../../domain';
import { browserTimeZone } from './data-table';

dayjs.extend(relativeTime);

/** A record's instant as the tables show it ('2024-05-01 03:30 pm' in the browser's zone). */
export function localDateTime(value: string | null | undefined): string {
  return formatDateTime(value, browserTimeZone());
}

/** How long ago (or until) an instant is, from `now` ('2 hours ago'); '' when missing or invalid. */
export function fromNow(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const ms = toEpochMs(value);
  const reference = toEpochMs(now);
  if (ms === null || reference === null) return '';
  return dayjs(ms).from(dayjs(reference));
}
