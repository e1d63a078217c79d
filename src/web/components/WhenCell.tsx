import { Text } from '@mantine/core';
import { fromNow, localDateTime } from './dateTime';

/** An instant as relative time ('3 days ago'), with the exact date-time on hover. */
export function WhenCell({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <Text span size="sm" title={localDateTime(value)}>
      {fromNow(value)}
    </Text>
  );
}
