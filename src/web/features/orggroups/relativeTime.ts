// 'When' columns read as "3 days ago". The domain's time module extends dayjs with utc and
// timezone only; relativeTime is a display concern, so the web extends it where it is used.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { toEpochMs, type DateInput } from '../../../domain';

dayjs.extend(relativeTime);

/** How long ago (or until) an instant is, from `now` ('2 hours ago'); '' when missing or invalid. */
export function fromNow(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const ms = toEpochMs(value);
  const reference = toEpochMs(now);
  if (ms === null || reference === null) return '';
  return dayjs(ms).from(dayjs(reference));
}
