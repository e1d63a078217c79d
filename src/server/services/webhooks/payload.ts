// What a webhook delivery's body says: the event as JSON, or for an endpoint with the
// Slack-compatible option a `{ "text": "…" }` with one human sentence.
import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryEvent,
  type WebhookEvent,
  type WebhookFormat,
} from '../../../domain/api/webhooks';

export interface WebhookEventData {
  event: WebhookDeliveryEvent;
  /** When it happened (ISO). */
  occurred_at: string;
  /** What it is about, e.g. { upgrade_id: 12, description: 'Spring release' }. */
  data: Record<string, unknown>;
}

/** A scalar field of the event's data as text ('' when absent or not a scalar). */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function sentence({ event, data }: WebhookEventData): string {
  const what = typeof data.description === 'string' ? ` "${data.description}"` : '';
  const upgrade = text(data.upgrade_id) ? ` ${text(data.upgrade_id)}` : '';
  switch (event) {
    case 'upgrade.scheduled':
      return `Pushboard: upgrade${upgrade}${what} was scheduled.`;
    case 'upgrade.activated':
      return `Pushboard: upgrade${upgrade}${what} was activated.`;
    case 'upgrade.completed':
      return `Pushboard: upgrade${upgrade}${what} completed.`;
    case 'upgrade.completed_with_failures':
      return `Pushboard: upgrade${upgrade}${what} completed with failures.`;
    case 'connected_org.invalid':
      return `Pushboard: the connected org ${text(data.name) || text(data.org_id)} turned Invalid.`;
    case 'rollout.halted':
      return `Pushboard: the rollout of upgrade${upgrade}${what} halted${typeof data.reason === 'string' ? `: ${data.reason}` : '.'}`;
    case 'webhook.test':
      return 'Pushboard: a test event from the Administration page.';
    case 'fetch.failed':
      return `Pushboard: a fetch failed${typeof data.error === 'string' ? `: ${data.error}` : '.'}`;
    default:
      return `Pushboard: ${WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? String(event)}.`;
  }
}

/** The body sent for one delivery (`delivery` is its id, also in the Pushboard-Delivery header). */
export function deliveryBody(
  format: WebhookFormat,
  delivery: string,
  event: WebhookEventData,
): string {
  if (format === 'slack') return JSON.stringify({ text: sentence(event) });
  return JSON.stringify({ id: delivery, ...event });
}
