// Analyze (docs/product.md "Upgrades list"): per package, how many jobs of the chosen upgrades are
// in each status, from POST /api/stats. A read: read-only users have it too (docs/product.md
// "Roles and permissions").
import { Alert, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { upgradeEndpoints, type UpgradeStatsRow } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

const count = new Intl.NumberFormat('en-US');

/** Rows per package, one column per status that occurs, in first-seen order. */
export function pivotStats(rows: readonly UpgradeStatsRow[]) {
  const statuses = [...new Set(rows.map((row) => row.status))];
  const packages = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const byStatus = packages.get(row.name) ?? new Map<string, number>();
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.count);
    packages.set(row.name, byStatus);
  }
  return { statuses, packages: [...packages.entries()] };
}

interface AnalyzeDialogProps {
  /** The upgrades to analyze; null closes the dialog. */
  upgradeIds: number[] | null;
  onClose: () => void;
}

export function AnalyzeDialog({ upgradeIds, onClose }: AnalyzeDialogProps) {
  const stats = useQuery({
    queryKey: [...queryKeys.upgradeJobs, 'stats', upgradeIds],
    queryFn: () => callEndpoint(upgradeEndpoints.stats, { body: { upgradeIds: upgradeIds ?? [] } }),
    enabled: upgradeIds !== null && upgradeIds.length > 0,
  });
  const pivot = stats.data ? pivotStats(stats.data) : null;
  return (
    <Modal opened={upgradeIds !== null} onClose={onClose} title="Analyze" size="xl" centered>
      {stats.error ? (
        <Alert color="red" title="Failed Request">
          {stats.error.message}
        </Alert>
      ) : !pivot ? (
        <Center py="lg">
          <Loader aria-label="Loading the statistics" />
        </Center>
      ) : pivot.packages.length === 0 ? (
        <Text size="sm">These upgrades have no jobs.</Text>
      ) : (
        <Table striped aria-label="job counts per package and status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Package</Table.Th>
              {pivot.statuses.map((status) => (
                <Table.Th key={status} ta="right">
                  {status}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pivot.packages.map(([name, byStatus]) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                {pivot.statuses.map((status) => (
                  <Table.Td key={status} ta="right">
                    {count.format(byStatus.get(status) ?? 0)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
