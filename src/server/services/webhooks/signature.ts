// Webhook signatures: HMAC-SHA256 with the endpoint's secret over
// `<unix seconds>.<body>`, sent as `Pushboard-Signature: t=<unix seconds>,v1=<hex>`. The
// timestamp is signed so a captured delivery cannot be replayed after the replay window.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Pushboard-Signature';
export const EVENT_HEADER = 'Pushboard-Event';
export const DELIVERY_HEADER = 'Pushboard-Delivery';

/** A receiver refuses a signature older (or newer) than this. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/** What every endpoint secret starts with, so a leaked one is recognised. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The Pushboard-Signature header value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * The check a receiver makes: the header parses, the timestamp is within
 * the replay window of `nowSeconds`, and one v1 signature matches (compared in constant time).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(nowSeconds - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
