// The registered endpoints with their actions: Send test event, Rotate secret, Disable, Delete
// (the last two ask first).
import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_EVENT_LABELS, webhookEndpoints, type WebhookEndpoint } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { WhenCell } from '../../../components/WhenCell';
import { SecretOnceModal } from './NewEndpointModal';
import { WEBHOOKS_KEY } from './webhookQueries';

const labelOf = (event: string) => (WEBHOOK_EVENT_LABELS as Record<string, string>)[event] ?? event;

type Confirm = { endpoint: WebhookEndpoint; action: 'disable' | 'remove' };

export function EndpointsTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const run = (key: string, call: () => Promise<unknown>, done?: (answer: unknown) => void) => {
    setBusy(key);
    call()
      .then(async (answer) => {
        done?.(answer);
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      })
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'The webhook change failed',
          message: error instanceof Error ? error.message : String(error),
          autoClose: 10_000,
        }),
      )
      .finally(() => setBusy(null));
  };

  if (endpoints.length === 0) return <Text size="sm">No endpoints yet.</Text>;
  return (
    <>
      <Table striped withTableBorder data-testid="webhook-endpoints">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>URL</Table.Th>
            <Table.Th>Events</Table.Th>
            <Table.Th>Format</Table.Th>
            <Table.Th>Secret</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => {
            const params = { params: { id: endpoint.id } };
            const enabled = endpoint.disabled_at === null;
            return (
              <Table.Tr key={endpoint.id} data-endpoint-url={endpoint.url}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.url}</Table.Td>
                <Table.Td>{endpoint.events.map(labelOf).join(', ')}</Table.Td>
                <Table.Td>{endpoint.format === 'slack' ? 'Slack' : 'JSON'}</Table.Td>
                <Table.Td>
                  <Code>{endpoint.secret_hint}…</Code>
                </Table.Td>
                <Table.Td>
                  <WhenCell value={endpoint.created_at} /> by {endpoint.created_by}
                </Table.Td>
                <Table.Td>
                  <Badge color={enabled ? 'green' : 'gray'} variant="light">
                    {enabled ? 'enabled' : 'disabled'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {enabled ? (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy === `test-${endpoint.id}`}
                          onClick={() =>
                            run(`test-${endpoint.id}`, () =>
                              callEndpoint(webhookEndpoints.sendTest, { ...params, body: {} }),
                            )
                          }
                        >
                          Send test event
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={busy === `rotate-${endpoint.id}`}
                          onClick={() =>
                            run(
                              `rotate-${endpoint.id}`,
                              () =>
                                callEndpoint(webhookEndpoints.rotateSecret, {
                                  ...params,
                                  body: {},
                                }),
                              (answer) => setSecret((answer as { secret: string }).secret),
                            )
                          }
                        >
                          Rotate secret
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="orange"
                          onClick={() => setConfirm({ endpoint, action: 'disable' })}
                        >
                          Disable
                        </Button>
                      </>
                    ) : null}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setConfirm({ endpoint, action: 'remove' })}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {confirm ? (
        <Modal
          opened
          centered
          onClose={() => setConfirm(null)}
          title={confirm.action === 'disable' ? 'Disable this endpoint?' : 'Delete this endpoint?'}
        >
          <Text size="sm">
            {confirm.action === 'disable'
              ? `${confirm.endpoint.url} gets no more events, and its waiting deliveries are given up.`
              : `${confirm.endpoint.url} and its deliveries are deleted. This cannot be undone.`}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={busy === 'confirm'}
              onClick={() => {
                const params = { params: { id: confirm.endpoint.id } };
                run(
                  'confirm',
                  () =>
                    confirm.action === 'disable'
                      ? callEndpoint(webhookEndpoints.disable, { ...params, body: {} })
                      : callEndpoint(webhookEndpoints.remove, params),
                  () => setConfirm(null),
                );
              }}
            >
              {confirm.action === 'disable' ? 'Disable' : 'Delete'}
            </Button>
          </Group>
        </Modal>
      ) : null}
      {secret ? (
        <SecretOnceModal title="New secret" secret={secret} onClose={() => setSecret(null)} />
      ) : null}
    </>
  );
}
