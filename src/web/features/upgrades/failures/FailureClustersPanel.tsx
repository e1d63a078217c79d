// Failure clusters (docs/product.md "Failure clusters"): the Failures tab of Upgrade detail and
// the Failures section of Upgrade request detail. The failed jobs grouped by normalised error, the
// largest first, each with its share, sample orgs, the editions and instances most affected and
// when it was first and last seen; and per cluster Retry this cluster, Blacklist these orgs
// (hidden from read-only users, whom the server refuses anyway) and Export.
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { UPGRADE_JOB_LIST, upgradeEndpoints } from '../../../../domain';
import type { FailureCluster } from '../../../../domain/api/failure-clusters';
import { localDateTime } from '../../../components/dateTime';
import { downloadServerExport, serverExportUrl } from '../../../components/data-table/exportTsv';
import { paths } from '../../../components/paths';
import { RecordLink } from '../../../components/RecordLink';
import { ConfirmModal, type ConfirmRequest } from '../actions/ConfirmModal';
import { useUpgradeAction } from '../actions/useUpgradeAction';
import { BlacklistClusterModal } from './BlacklistClusterModal';
import { FailureErrors } from '../../../components/FailureErrors';
import { useFailureClusters } from './failureClusterQueries';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const plural = (n: number, one: string, many: string) =>
  `${count.format(n)} ${n === 1 ? one : many}`;

export const RETRY_CLUSTER_CONFIRM = (jobs: number) =>
  `Are you sure you want to retry this cluster? Only its ${plural(jobs, 'failed job', 'failed jobs')} will be rescheduled, as a new upgrade.`;

interface FailureClustersPanelProps {
  upgradeId: number;
  /** One request's failed jobs only (Upgrade request detail). */
  itemId?: number;
  readOnly: boolean;
}

function values(list: FailureCluster['editions']): string {
  return list.map((v) => `${v.value ?? 'Unknown'} (${count.format(v.count)})`).join(', ');
}

export function FailureClustersPanel({ upgradeId, itemId, readOnly }: FailureClustersPanelProps) {
  const navigate = useNavigate();
  const query = useFailureClusters(upgradeId, itemId);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [blacklisting, setBlacklisting] = useState<FailureCluster | null>(null);
  const retry = useUpgradeAction({
    kind: 'retry',
    endpoint: upgradeEndpoints.retryCluster,
    // The retry is a new upgrade linked to this one: show it.
    onSuccess: (answer) => void navigate(paths.upgrade(answer.id) ?? '/upgrades'),
  });

  if (query.isLoading) return <Loader size="sm" m="md" />;
  if (query.error) return <Alert color="red">{query.error.message}</Alert>;
  const data = query.data;
  if (!data || data.failed === 0)
    return (
      <Text size="sm" c="dimmed" m="md" data-testid="failure-clusters-empty">
        {itemId === undefined ? 'No job of this upgrade failed.' : 'No job of this request failed.'}
      </Text>
    );

  const exportCluster = (cluster: FailureCluster) =>
    downloadServerExport(
      serverExportUrl(
        upgradeEndpoints.jobs.export,
        { id: upgradeId },
        { failureKey: cluster.key, itemId },
        UPGRADE_JOB_LIST.columns.map((c) => c.id),
      ),
    );

  return (
    <Stack gap="sm" mt="sm" data-testid="failure-clusters">
      <Text size="sm">
        {`${plural(data.failed, 'failed job', 'failed jobs')} in ${plural(data.cluster_count, 'cluster', 'clusters')}, grouped by error. Ids, numbers and quoted names that differ between orgs are shown as <id>, # and '…'.`}
        {data.cluster_count > data.clusters.length &&
          ` The ${data.clusters.length} largest clusters are shown.`}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Error</Table.Th>
              <Table.Th>Jobs</Table.Th>
              <Table.Th>Orgs</Table.Th>
              <Table.Th>Most affected</Table.Th>
              <Table.Th>Seen</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.clusters.map((cluster) => (
              <Table.Tr key={cluster.key} data-testid="failure-cluster">
                <Table.Td maw={420}>
                  <FailureErrors errors={cluster.errors} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {count.format(cluster.count)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {`${percent.format(cluster.share)} of failures`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {cluster.sample_orgs.map((org) => (
                      <RecordLink key={org.org_id} to={paths.org(org.org_id)}>
                        {org.name ?? org.org_id}
                      </RecordLink>
                    ))}
                    {cluster.orgs > cluster.sample_orgs.length && (
                      <Text size="xs" c="dimmed">
                        {`and ${count.format(cluster.orgs - cluster.sample_orgs.length)} more`}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{`Editions: ${values(cluster.editions)}`}</Text>
                  <Text size="xs">{`Instances: ${values(cluster.instances)}`}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{`First: ${localDateTime(cluster.first_seen)}`}</Text>
                  <Text size="xs">{`Last: ${localDateTime(cluster.last_seen)}`}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {!readOnly && (
                      <>
                        <Button
                          size="xs"
                          loading={retry.isPending}
                          onClick={() =>
                            setConfirm({
                              title: 'Retry this cluster',
                              message: RETRY_CLUSTER_CONFIRM(cluster.count),
                              onConfirm: () =>
                                retry.mutate({
                                  params: { id: upgradeId },
                                  body: {
                                    key: cluster.key,
                                    ...(itemId !== undefined ? { itemId } : {}),
                                  },
                                }),
                            })
                          }
                        >
                          Retry this cluster
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setBlacklisting(cluster)}
                        >
                          Blacklist these orgs
                        </Button>
                      </>
                    )}
                    <Button size="xs" variant="default" onClick={() => exportCluster(cluster)}>
                      Export
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal request={confirm} onClose={() => setConfirm(null)} />
      <BlacklistClusterModal
        upgradeId={upgradeId}
        itemId={itemId}
        cluster={blacklisting}
        onClose={() => setBlacklisting(null)}
      />
    </Stack>
  );
}
