// Classifies what jsforce throws: transient failures are retried, permanent ones surface as a
// SalesforceError carrying Salesforce's own errorCode and message.
import { SalesforceError } from '../errors';

interface ErrorLike {
  name?: unknown;
  errorCode?: unknown;
  code?: unknown;
  message?: unknown;
}

const TRANSIENT_NETWORK = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

export function errorCodeOf(error: unknown): string | undefined {
  const e = error as ErrorLike;
  if (typeof e?.errorCode === 'string') return e.errorCode;
  if (typeof e?.name === 'string' && /^[A-Z_]+$|^[a-z_]+$/.test(e.name) && e.name !== 'Error') {
    return e.name;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  const e = error as ErrorLike;
  return typeof e?.message === 'string' ? e.message : String(error);
}

export type Transience = 'permanent' | 'transient' | 'rate-limited';

/** 5xx, network failures and timeouts are transient; REQUEST_LIMIT_EXCEEDED needs a long pause. */
export function classify(error: unknown): Transience {
  const code = errorCodeOf(error);
  if (code === 'REQUEST_LIMIT_EXCEEDED') return 'rate-limited';
  if (code && /^ERROR_HTTP_5\d\d$/.test(code)) return 'transient';
  // Salesforce answers 500 with UNKNOWN_EXCEPTION and 503 with SERVER_UNAVAILABLE.
  if (
    code &&
    ['UNKNOWN_EXCEPTION', 'SERVER_UNAVAILABLE', 'UNABLE_TO_LOCK_ROW', 'QUERY_TIMEOUT'].includes(
      code,
    )
  ) {
    return 'transient';
  }
  const e = error as ErrorLike & { cause?: ErrorLike };
  const network = [e?.code, e?.cause?.code].find((c) => typeof c === 'string');
  if (typeof network === 'string' && TRANSIENT_NETWORK.has(network)) return 'transient';
  const message = messageOf(error);
  if (/socket hang up|fetch failed|other side closed|ECONNRESET|terminated/i.test(message)) {
    return 'transient';
  }
  return 'permanent';
}

/** A call Salesforce did not answer within the gateway's deadline (retried as transient). */
export class SalesforceTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly timeoutMs: number) {
    super(
      `Salesforce did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`,
    );
    this.name = 'SalesforceTimeoutError';
  }
}

export function isInvalidGrant(error: unknown): boolean {
  return errorCodeOf(error) === 'invalid_grant' || /invalid_grant/.test(messageOf(error));
}

/** What a connected org's row says when Salesforce refused its refresh token. */
export function refreshRefusedReason(error: unknown): string {
  const code = errorCodeOf(error);
  const message = messageOf(error);
  const said = code && !message.includes(code) ? `${code}: ${message}` : message;
  return `Salesforce refused its refresh token (${said}): connect the org again.`;
}

export function toSalesforceError(error: unknown): SalesforceError {
  if (error instanceof SalesforceError) return error;
  return new SalesforceError(messageOf(error), errorCodeOf(error));
}
