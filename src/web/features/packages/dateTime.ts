import { formatDateTime } from '../../../domain';
import { browserTimeZone } from '../../components/data-table';

/** A record's instant as the tables show it ('2024-05-01 03:30 pm' in the browser's zone). */
export function localDateTime(value: string | null | undefined): string {
  return formatDateTime(value, browserTimeZone());
}
