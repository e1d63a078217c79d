// Add endpoint (docs/product.md "Webhooks"): URL, events by their labels, JSON or Slack; then the
// signing secret, shown this once with a copy button.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEndpoints,
  webhookUrlProblem,
  type WebhookEvent,
  type WebhookFormat,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { WEBHOOKS_KEY } from './webhookQueries';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The secret of an endpoint just made or re-keyed: the only time it is on screen. */
export function SecretOnceModal({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow">This is the only time the secret is shown. Copy it now.</Alert>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Text size="xs" c="dimmed">
          Check each delivery&apos;s Pushboard-Signature header with it (HMAC-SHA256 over
          &lt;t&gt;.&lt;body&gt;).
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
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

export function NewEndpointModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [errors, setErrors] = useState<{ url?: string; events?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const create = () => {
    const problems = {
      ...(webhookUrlProblem(url.trim()) ? { url: webhookUrlProblem(url.trim())! } : {}),
      ...(events.length === 0 ? { events: 'Choose at least one event' } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    callEndpoint(webhookEndpoints.create, { body: { url: url.trim(), events, format } })
      .then(async (made) => {
        setSecret(made.secret);
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      })
      .catch((error: unknown) => setErrors({ other: messageOf(error) }))
      .finally(() => setBusy(false));
  };

  if (secret) return <SecretOnceModal title="Endpoint added" secret={secret} onClose={onClose} />;
  return (
    <Modal opened onClose={onClose} title="Add endpoint" centered size="lg">
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="https:// (http:// only for localhost or 127.0.0.1)"
          placeholder="https://hooks.example.com/pushboard"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
          maxLength={2000}
          data-autofocus
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={(value) => setEvents(value)}
          error={errors.events}
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <div>
          <Text size="sm" fw={500}>
            Format
          </Text>
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value)}
            data={[
              { value: 'json', label: 'JSON' },
              { value: 'slack', label: 'Slack' },
            ]}
          />
        </div>
        {errors.other ? <Alert color="red">{errors.other}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={create} loading={busy}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
