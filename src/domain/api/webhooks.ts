// Signed webhooks (an admin registers endpoints that receive Pushboard's events): the event list,
// the payload formats and the rule on endpoint URLs, shared by the server and the web app.
import { z } from 'zod';

/**
 * Every event an endpoint may subscribe to, with the label the Administration page shows.
 * A Record keyed by event name, so adding one (a future "wave halted") is one line here.
 */
export const WEBHOOK_EVENT_LABELS = {
  'upgrade.scheduled': 'Upgrade scheduled',
  'upgrade.activated': 'Upgrade activated',
  'upgrade.completed': 'Upgrade completed',
  'upgrade.completed_with_failures': 'Upgrade completed with failures',
  'connected_org.invalid': 'Connected org turned Invalid',
  'fetch.failed': 'Fetch failed',
  'rollout.halted': 'Rollout halted',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as [
  WebhookEvent,
  ...WebhookEvent[],
];

/**
 * The event of "Send test event" (Administration page): not subscribable, sent to one endpoint
 * on request so a receiver can be checked end to end.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** What a delivery carries: a subscribable event or the test event. */
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** 'json': the event as JSON; 'slack': a Slack-compatible `{ "text": "…" }`. */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// The scheme, optional user info, host and port of an absolute URL. The domain code runs without
// Node's or the browser's globals, so it parses what it needs itself.
const URL_PARTS =
  /^([a-z][a-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[^\]/?#]*\]|[^:/?#]+)(?::(\d{1,5}))?(?:[/?#]|$)/i;

/**
 * Why a URL may not receive webhooks, or null when it may: HTTPS only, except plain HTTP to
 * this machine (a local receiver for tests and development).
 */
export function webhookUrlProblem(value: string): string | null {
  const parts = URL_PARTS.exec(value);
  if (!parts || /\s/.test(value)) {
    return 'Enter a full URL, e.g. https://hooks.example.com/pushboard.';
  }
  const [, scheme = '', userInfo, host = ''] = parts;
  if (userInfo !== undefined) return 'The URL may not contain a user name or password.';
  const protocol = scheme.toLowerCase();
  if (protocol === 'https') return null;
  if (protocol === 'http' && LOCAL_HOSTS.has(host.toLowerCase())) return null;
  return 'Webhook URLs must use https:// (http:// only for localhost or 127.0.0.1).';
}

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, context) => {
    const problem = webhookUrlProblem(value);
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event'),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** A registered endpoint as the Administration page lists it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  /** The secret's first characters, to recognise it. */
  secret_hint: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  disabled_by: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint just made, or whose secret was just rotated: the only answer with its secret. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One delivery (an event for one endpoint) with the receiver's last answer. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.number().int(),
  endpoint_url: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: z.string().nullable(),
  /** The HTTP status of the last answer; null when none came (refused, timed out) or not tried yet. */
  last_status_code: z.number().int().nullable(),
  /** The start of the last answer, or why there was none. */
  last_answer: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
  /** What was sent: { event, occurred_at, data }. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_SIZES = [10, 25, 50, 100] as const;

export const webhookDeliveriesQuerySchema = z.object({
  /** Only this endpoint's deliveries. */
  endpoint_id: z.coerce.number().int().min(1).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliveryPageSchema = z.object({
  rows: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
