// Before scheduling, how many orgs each chosen version will reach and how many are left out and
// why (POST …/upgrade/preview: the scheduler's own eligibility, nothing written). Debounced, so
// picking versions with the keyboard does not fire a request per keystroke.
import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { schedulePreviewSchema } from '../../../domain';
import { api } from '../../api/client';
import { scopePath, type ScheduleScope } from './useSchedulableVersions';

export const PREVIEW_DEBOUNCE_MS = 400;

const count = new Intl.NumberFormat('en-US');

export function SchedulePreview({ scope, versions }: { scope: ScheduleScope; versions: string[] }) {
  const [debounced] = useDebouncedValue(versions, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['schedule-preview', scope, debounced],
    enabled: debounced.length > 0,
    queryFn: async ({ signal }) =>
      schedulePreviewSchema.parse(
        await api.post<unknown>(
          `${scopePath(scope)}/upgrade/preview`,
          { versions: debounced },
          { signal },
        ),
      ),
  });
  if (versions.length === 0) return null;
  if (preview.error)
    return (
      <Alert color="red" title="No preview">
        {preview.error.message}
      </Alert>
    );
  if (!preview.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Counting the orgs…
        </Text>
      </Group>
    );
  const { requests, leftOut } = preview.data;
  return (
    <Stack gap="xs" data-testid="schedule-preview">
      <Table withTableBorder aria-label="orgs each version will reach">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Package</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th ta="right">Orgs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.version_id}>
              <Table.Td>{request.package_name}</Table.Td>
              <Table.Td>{request.version_number}</Table.Td>
              <Table.Td ta="right">{count.format(request.orgs)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {leftOut.length > 0 && (
        <Stack gap={2} aria-label="left out">
          <Text size="sm" fw={500}>
            Left out
          </Text>
          {leftOut.map((row) => (
            <Text key={row.reason} size="sm">
              {`${count.format(row.count)} · ${row.reason}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
