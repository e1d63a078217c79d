// The deliveries, newest first and paged by the server: status, the receiver's last status code
// and the start of its answer, attempts, the next retry, and Redeliver.
import { useState } from 'react';
import { Badge, Button, Code, Group, Pagination, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints, type WebhookDelivery } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { WhenCell } from '../../../components/WhenCell';
import { WEBHOOKS_KEY, useWebhookDeliveries } from './webhookQueries';

const PAGE_SIZE = 25;
const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

export function DeliveriesTable() {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page, PAGE_SIZE);
  if (deliveries.isPending) return <Text size="sm">Loading…</Text>;
  if (deliveries.error) return <Text c="red">{deliveries.error.message}</Text>;
  const { rows, total } = deliveries.data;
  if (total === 0) return <Text size="sm">No deliveries yet.</Text>;
  return (
    <>
      <Table striped withTableBorder data-testid="webhook-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Next retry</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </Table.Tbody>
      </Table>
      {total > PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
          />
        </Group>
      ) : null}
    </>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const redeliver = () => {
    setBusy(true);
    callEndpoint(webhookEndpoints.redeliver, {
      params: { deliveryId: delivery.id },
      body: {},
    })
      .then(() => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }))
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'Redelivery failed',
          message: error instanceof Error ? error.message : String(error),
          autoClose: 10_000,
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Table.Tr data-delivery-event={delivery.event} data-delivery-status={delivery.status}>
      <Table.Td>
        <WhenCell value={delivery.created_at} />
      </Table.Td>
      <Table.Td>
        <Code>{delivery.event}</Code>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{delivery.endpoint_url}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[delivery.status]} variant="light">
          {delivery.status}
        </Badge>
      </Table.Td>
      <Table.Td>{delivery.last_status_code ?? '—'}</Table.Td>
      <Table.Td maw={320}>
        {delivery.last_answer ? (
          <Tooltip label={delivery.last_answer} multiline maw={480} withinPortal>
            <Text size="xs" lineClamp={2} style={{ wordBreak: 'break-all' }}>
              {delivery.last_answer}
            </Text>
          </Tooltip>
        ) : null}
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
      <Table.Td>
        {delivery.next_attempt_at ? <WhenCell value={delivery.next_attempt_at} /> : '—'}
      </Table.Td>
      <Table.Td>
        {delivery.status !== 'pending' ? (
          <Button size="xs" variant="subtle" loading={busy} onClick={redeliver}>
            Redeliver
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
