// A widget of the failure clusters (docs/product.md "Failure clusters"), on Upgrade detail,
// Upgrade request detail and Package detail.
// What a failure cluster's jobs share: each error's title, type and normalised message, where
// '<id>', '#' and '…' stand for the ids, numbers and quoted names that differ between orgs.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { FailureCluster } from '../../domain/api/failure-clusters';

export function FailureErrors({ errors }: { errors: FailureCluster['errors'] }) {
  if (errors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No error was recorded.
      </Text>
    );
  return (
    <Stack gap={6}>
      {errors.map((error, index) => (
        <Stack key={index} gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {error.title ?? 'Message'}
            </Text>
            {error.type && (
              <Badge size="xs" variant="light" color="gray">
                {error.type}
              </Badge>
            )}
          </Group>
          {error.message && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {error.message}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
