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
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as [
  WebhookEvent,
  ...WebhookEvent[],
];

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
