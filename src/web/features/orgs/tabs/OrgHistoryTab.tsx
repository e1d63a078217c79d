// Org detail's History tab (docs/product.md "Org detail"): per package, the versions the org ran
// and since when (its install date, the versions its push jobs found and left), and every upgrade
// that had a job for it. Under the org's query key, so an orgs event refetches it.
import {
  Anchor,
  Badge,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { fleetEndpoints, type OrgHistory } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { localDateTime } from '../../../components/dateTime';
import { paths } from '../../../components/paths';
import type { OrgTabProps } from './orgTabProps';

type Change = OrgHistory['versions'][number];

const SOURCE: Record<Change['source'], string> = {
  install: 'installed',
  upgrade: 'upgraded',
  before: 'found by a push',
};

function PackageVersions({ name, changes }: { name: string; changes: Change[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        {name}
      </Title>
      <Timeline active={changes.length - 1} bulletSize={14} lineWidth={2}>
        {changes.map((change, i) => (
          <Timeline.Item key={i} title={change.version_number}>
            <Text size="xs" c="dimmed">
              {`${SOURCE[change.source]}${change.since ? ` ${localDateTime(change.since)}` : ''}`}
              {change.upgrade_id !== null && (
                <>
                  {' · '}
                  <Anchor component={Link} to={paths.upgrade(change.upgrade_id) ?? '/'} inherit>
                    {`upgrade ${change.upgrade_id}`}
                  </Anchor>
                </>
              )}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

export function OrgHistoryTab({ orgId }: OrgTabProps) {
  const query = useEndpointQuery([...queryKeys.org, orgId, 'history'], fleetEndpoints.orgHistory, {
    params: { orgId },
  });
  const history = query.data;
  if (query.isError) return <Text c="red">Failed Request</Text>;
  if (!history) return <Text c="dimmed">Loading…</Text>;
  const byPackage = new Map<string, Change[]>();
  for (const change of history.versions)
    byPackage.set(change.package_name, [...(byPackage.get(change.package_name) ?? []), change]);
  return (
    <Stack gap="md" data-testid="org-history">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        {[...byPackage.entries()].map(([name, changes]) => (
          <PackageVersions key={name} name={name} changes={changes} />
        ))}
      </SimpleGrid>
      {byPackage.size === 0 && <Text c="dimmed">No package version is known for this org.</Text>}
      <Title order={3} size="h5">
        Upgrades that touched this org
      </Title>
      {history.upgrades.length === 0 ? (
        <Text c="dimmed" size="sm">
          No upgrade had a job for this org.
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Upgrade</Table.Th>
              <Table.Th>Package</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Scheduled Start</Table.Th>
              <Table.Th>End</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.upgrades.map((job) => (
              <Table.Tr key={`${job.item_id}`}>
                <Table.Td>
                  <Anchor component={Link} to={paths.upgrade(job.upgrade_id) ?? '/'} size="sm">
                    {`${job.upgrade_id} · ${job.description}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>{job.package_name}</Table.Td>
                <Table.Td>{job.from_version_number}</Table.Td>
                <Table.Td>{job.to_version_number}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    size="sm"
                    color={
                      job.status === 'Succeeded' ? 'teal' : job.status === 'Failed' ? 'red' : 'gray'
                    }
                  >
                    {job.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{localDateTime(job.scheduled_start_time)}</Table.Td>
                <Table.Td>{localDateTime(job.end_time)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
