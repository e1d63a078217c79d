// My API tokens (docs/security.md "API tokens"): the signed-in user's personal tokens for scripts,
// a new one shown once, revoking with a confirmation; an admin access key session also sees and
// revokes everyone's. Read-only users make read tokens only (the server refuses the rest too).
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { tokenEndpoints, type ApiToken, type CreatedToken } from '../../../domain';
import { callEndpoint } from '../../api/endpoint-client';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { useCurrentUser } from '../../app/current-user/useCurrentUser';
import { Screen } from '../../components/Screen';
import { WhenCell } from '../../components/WhenCell';
import { localDateTime } from '../../components/dateTime';

const OWN_TOKENS = ['api-tokens', 'own'] as const;
const ALL_TOKENS = ['api-tokens', 'all'] as const;

const EXPIRIES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

const STATUS_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

const failed = (title: string) => (error: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : String(error),
    autoClose: 10_000,
  });

export function MyTokensScreen() {
  const { user } = useCurrentUser();
  const own = useEndpointQuery(OWN_TOKENS, tokenEndpoints.list);
  const isAdmin = user?.auth_method === 'admin-key';
  const [creating, setCreating] = useState(false);
  return (
    <Screen name="tokens" title="My API tokens">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>My API tokens</Title>
          <Button onClick={() => setCreating(true)}>New token</Button>
        </Group>
        <Text size="sm" c="dimmed">
          Scripts send a token as <Code>Authorization: Bearer pbt_…</Code> on any /api call and act
          as you: a read token only reads, an operate token may change what you may change.
        </Text>
        <TokenTable tokens={own.data} loading={own.isLoading} showOwner={false} scope="own" />
        {isAdmin ? <EveryonesTokens /> : null}
      </Stack>
      {creating ? (
        <NewTokenModal readOnly={user?.read_only ?? true} onClose={() => setCreating(false)} />
      ) : null}
    </Screen>
  );
}

function EveryonesTokens() {
  const all = useEndpointQuery(ALL_TOKENS, tokenEndpoints.listAll);
  return (
    <Stack gap="xs">
      <Title order={3}>Every user&apos;s tokens</Title>
      <TokenTable tokens={all.data} loading={all.isLoading} showOwner scope="all" />
    </Stack>
  );
}

function TokenTable({
  tokens,
  loading,
  showOwner,
  scope,
}: {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  showOwner: boolean;
  scope: 'own' | 'all';
}) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  if (loading) return <Text size="sm">Loading…</Text>;
  if (!tokens || tokens.length === 0) return <Text size="sm">No tokens yet.</Text>;
  return (
    <>
      <Table striped withTableBorder data-testid={`tokens-${scope}`}>
        <Table.Thead>
          <Table.Tr>
            {showOwner ? <Table.Th>User</Table.Th> : null}
            <Table.Th>Name</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-token-name={token.name}>
              {showOwner ? <Table.Td>{token.username}</Table.Td> : null}
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>{token.scope}</Table.Td>
              <Table.Td>
                <Code>{token.hint}…</Code>
              </Table.Td>
              <Table.Td>
                <WhenCell value={token.created_at} />
              </Table.Td>
              <Table.Td>{localDateTime(token.expires_at)}</Table.Td>
              <Table.Td>
                {token.last_used_at ? <WhenCell value={token.last_used_at} /> : 'Never'}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[token.status]} variant="light">
                  {token.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {token.status === 'active' ? (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(token)}>
                    Revoke
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {revoking ? (
        <RevokeModal
          token={revoking}
          anyOwner={scope === 'all'}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}

function RevokeModal({
  token,
  anyOwner,
  onClose,
}: {
  token: ApiToken;
  anyOwner: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const revoke = () => {
    setBusy(true);
    const params = { params: { id: token.id } };
    (anyOwner
      ? callEndpoint(tokenEndpoints.revokeAny, params)
      : callEndpoint(tokenEndpoints.revoke, params)
    )
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
        onClose();
      })
      .catch(failed('Revoking the token failed'))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title="Revoke this token?" centered>
      <Text size="sm">
        Scripts using &apos;{token.name}&apos; get 401 from their next call. This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={revoke} loading={busy}>
          Revoke
        </Button>
      </Group>
    </Modal>
  );
}

function NewTokenModal({ readOnly, onClose }: { readOnly: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'operate'>('read');
  const [days, setDays] = useState<string | null>('30');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedToken | null>(null);
  const create = () => {
    if (!name.trim()) {
      setError('Name the token');
      return;
    }
    setBusy(true);
    const expires = new Date(Date.now() + Number(days ?? '30') * 86_400_000).toISOString();
    callEndpoint(tokenEndpoints.create, { body: { name, scope, expires_at: expires } })
      .then(async (token) => {
        setMade(token);
        await queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  if (made) {
    return (
      <Modal opened onClose={onClose} title="Your new token" centered size="lg">
        <Stack gap="sm">
          <Alert color="yellow">This is the only time the token is shown. Copy it now.</Alert>
          <Code block data-testid="new-token">
            {made.token}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={made.token}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened onClose={onClose} title="New API token" centered>
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="What uses it, e.g. release pipeline"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error === 'Name the token' ? error : undefined}
          maxLength={100}
          data-autofocus
        />
        <div>
          <Text size="sm" fw={500}>
            Scope
          </Text>
          <SegmentedControl
            value={scope}
            onChange={(value) => setScope(value)}
            data={[
              { value: 'read', label: 'Read' },
              { value: 'operate', label: 'Operate', disabled: readOnly },
            ]}
          />
          {readOnly ? (
            <Text size="xs" c="dimmed">
              You are only allowed to view information, so your tokens only read.
            </Text>
          ) : null}
        </div>
        <Select
          label="Expires in"
          data={EXPIRIES}
          value={days}
          onChange={setDays}
          allowDeselect={false}
        />
        {error && error !== 'Name the token' ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={create} loading={busy}>
            Create token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
