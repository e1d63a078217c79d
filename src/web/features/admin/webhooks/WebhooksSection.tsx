// The Administration page's Webhooks section (docs/product.md "Webhooks"): the endpoints an
// admin access key session registered, adding one (its secret shown once), and the deliveries
// with the receivers' answers. Other users see why it is not theirs; the server refuses them too.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../app/current-user/useCurrentUser';
import { DeliveriesTable } from './DeliveriesTable';
import { EndpointsTable } from './EndpointsTable';
import { NewEndpointModal } from './NewEndpointModal';
import { useWebhookEndpoints } from './webhookQueries';

export function WebhooksSection() {
  const { user } = useCurrentUser();
  if (user?.auth_method !== 'admin-key' || user.read_only) {
    return (
      <Alert color="gray" title="Webhooks">
        Only an admin access key session may manage webhooks: they send Pushboard events outside.
      </Alert>
    );
  }
  return <WebhooksAdmin />;
}

function WebhooksAdmin() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Endpoints</Title>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each event is POSTed to the endpoints subscribed to it, signed with the endpoint&apos;s
        secret (Pushboard-Signature: t=…,v1=…), and retried for about a day while the receiver does
        not answer 2xx.
      </Text>
      {endpoints.error ? <Alert color="red">{endpoints.error.message}</Alert> : null}
      {endpoints.data ? <EndpointsTable endpoints={endpoints.data} /> : null}
      <Title order={3}>Deliveries</Title>
      <DeliveriesTable />
      {adding ? <NewEndpointModal onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}
