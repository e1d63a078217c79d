// Telling "the database is unreachable" (server restarting, failover, network cut: worth a retry in
// a moment, answered 503) from "the query is wrong or refused" (a bug or a constraint: 4xx/500).
import { AppError } from '../errors';

/** 503: the database could not be reached or dropped the connection; nothing was committed. */
export class DatabaseUnavailableError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(
      503,
      'Service Unavailable',
      'The database is unavailable at the moment. Please try again in a few seconds.',
    );
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Node's socket errors when the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), the server shutting
 * down or starting up (57P01–57P03), and too many connections (53300) while it recovers.
 */
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;

/** What node-postgres itself throws when the socket ends, or a connection cannot be had in time. */
const PG_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
  return PG_MESSAGES.test(error.message);
}

/** The error as a DatabaseUnavailableError when it is a lost connection, else unchanged. */
export function asDatabaseError(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isDatabaseUnavailable(error)
    ? new DatabaseUnavailableError({ cause: error })
    : error;
}
