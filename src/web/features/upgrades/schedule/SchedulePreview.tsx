// Before scheduling, how many orgs each chosen version will reach and, one line per reason with
// its count (not installed, already current, blacklisted, license not upgradeable, denied by
// DENIED_ORGS…), which orgs are left out: each line opens to the orgs it covers. With a rollout
// plan, each wave's orgs come between the two.
import { Accordion, Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { SchedulePreview as Preview } from '../../../../domain';
import { RolloutPreview } from './RolloutPreview';
import type { SchedulePreviewState } from './useSchedulePreview';

const count = new Intl.NumberFormat('en-US');

export function SchedulePreview({
  versions,
  preview,
}: {
  versions: readonly string[];
  preview: SchedulePreviewState;
}) {
  const { query } = preview;
  if (versions.length === 0) return null;
  if (query.error)
    return (
      <Alert color="red" title="No preview">
        {query.error.message}
      </Alert>
    );
  if (!query.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Counting the orgs…
        </Text>
      </Group>
    );
  const { requests } = query.data;
  return (
    <Stack gap="xs" data-testid="schedule-preview">
      {requests.length > 0 ? (
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
      ) : (
        <Text size="sm" fw={500} c="red">
          These versions reach no org.
        </Text>
      )}
      {query.data.waves && query.data.waves.length > 0 && (
        <RolloutPreview waves={query.data.waves} />
      )}
      <LeftOutLines preview={query.data} />
    </Stack>
  );
}

function LeftOutLines({ preview }: { preview: Preview }) {
  if (preview.leftOut.length === 0) return null;
  return (
    <Stack gap={4} aria-label="left out">
      <Text size="sm" fw={500}>
        {`Left out: ${count.format(preview.leftOutOrgs)} ${preview.leftOutOrgs === 1 ? 'org' : 'orgs'}`}
      </Text>
      <Accordion multiple variant="contained" chevronPosition="left">
        {preview.leftOut.map((line) => (
          <Accordion.Item key={line.kind} value={line.kind} data-testid={`left-out-${line.kind}`}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="xs">
                <Text size="sm">{line.label}</Text>
                <Badge variant="light" color="gray" aria-label={`${line.count} orgs`}>
                  {count.format(line.count)}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Table
                withRowBorders={false}
                verticalSpacing={2}
                aria-label={`orgs left out: ${line.label}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Org ID</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Why</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {line.orgs.map((org) => (
                    <Table.Tr key={org.org_id}>
                      <Table.Td>{org.org_id}</Table.Td>
                      <Table.Td>{org.org_name}</Table.Td>
                      <Table.Td>{org.account_name}</Table.Td>
                      <Table.Td>{org.detail}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {line.count > line.orgs.length && (
                <Text size="xs" c="dimmed">
                  {`and ${count.format(line.count - line.orgs.length)} more`}
                </Text>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
