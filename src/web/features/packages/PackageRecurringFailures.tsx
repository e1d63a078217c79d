// Package detail's Recurring Failures (docs/product.md "Failure clusters"): the failed jobs of
// every upgrade of the package grouped by normalised error, those that hit most upgrades first, so
// a known incompatibility is seen before the next push.
import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { localDateTime } from '../../components/dateTime';
import { paths } from '../../components/paths';
import { RecordLink } from '../../components/RecordLink';
import { packageEndpoints } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { FailureErrors } from '../../components/FailureErrors';

const count = new Intl.NumberFormat('en-US');

export function PackageRecurringFailures({ packageId }: { packageId: string }) {
  // Under the 'upgrade-jobs' key: a job that fails announces it on the live channel.
  const query = useEndpointQuery(
    [...queryKeys.upgradeJobs, 'package-failure-clusters', packageId],
    packageEndpoints.failureClusters,
    { params: { packageId } },
  );
  if (query.isLoading) return <Loader size="sm" m="md" />;
  if (query.error) return <Alert color="red">{query.error.message}</Alert>;
  const clusters = query.data ?? [];
  if (clusters.length === 0)
    return (
      <Text size="sm" c="dimmed" m="md" data-testid="recurring-failures-empty">
        No upgrade of this package has failed jobs.
      </Text>
    );
  return (
    <Stack gap="sm" mt="sm" data-testid="recurring-failures">
      <Text size="sm">
        Failed jobs of every upgrade of this package, grouped by error. The errors that hit the most
        upgrades come first.
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="sm" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Error</Table.Th>
              <Table.Th>Upgrades</Table.Th>
              <Table.Th>Orgs</Table.Th>
              <Table.Th>Jobs</Table.Th>
              <Table.Th>Last seen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clusters.map((cluster) => (
              <Table.Tr key={cluster.key} data-testid="recurring-failure">
                <Table.Td maw={480}>
                  <FailureErrors errors={cluster.errors} />
                </Table.Td>
                <Table.Td>{count.format(cluster.upgrades)}</Table.Td>
                <Table.Td>{count.format(cluster.orgs)}</Table.Td>
                <Table.Td>{count.format(cluster.jobs)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{localDateTime(cluster.last_seen)}</Text>
                  <RecordLink to={paths.upgrade(cluster.last_upgrade_id)}>
                    {`Upgrade ${cluster.last_upgrade_id}`}
                  </RecordLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
