import { Text } from '@mantine/core';
import { formatDateTime } from '../../../domain';
import { browserTimeZone } from '../../components/data-table';
import { fromNow } from './relativeTime';

/** An instant as relative time ('3 days ago'), with the exact date-time on hover. */
export function WhenCell({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <Text span size="sm" title={formatDateTime(value, browserTimeZone())}>
      {fromNow(value)}
    </Text>
  );
}
