// Why a job stopped, and how an error becomes a line of the Admin page without leaking secrets.
import type { JobErrorEntry } from '../db/repositories/admin-jobs';

// The one cancel error of the server: the Salesforce gateway throws it from its page loops too.
export { CanceledError } from '../salesforce/retry';

/** The job must stop for a reason other than a cancel: the server stops, or lost the job. */
export class JobStoppedError extends Error {
  constructor(readonly reason: 'shutdown' | 'lost' | 'timeout') {
    super(STOP_MESSAGES[reason]);
    this.name = 'JobStoppedError';
  }
}

const STOP_MESSAGES = {
  shutdown: 'The server stopped while this job was running.',
  lost: 'Another process took over this job after it seemed to have stopped.',
  timeout: 'The job ran longer than it is allowed to and was stopped.',
} as const;

/** Written when a job's process died (kill -9, crash, lost machine) before it finished. */
export const PROCESS_STOPPED_MESSAGE = 'The process running this job stopped before it finished.';

const MAX_TEXT = 4000;

// Salesforce session ids ("00D…!…"), bearer tokens and OAuth token fields: never persisted.
const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b00D[0-9A-Za-z]{12,15}![0-9A-Za-z._-]+/g, '[REDACTED]'],
  [/(bearer\s+)[0-9A-Za-z._!~+/=-]+/gi, '$1[REDACTED]'],
  [
    /((?:access_token|refresh_token|client_secret|password|sessionId)["']?\s*[:=]\s*["']?)[^\s"'&,}]+/gi,
    '$1[REDACTED]',
  ],
];

/** Removes secrets and bounds the length of any text a job stores. */
export function redact(text: string): string {
  let result = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  for (const [pattern, replacement] of SECRET_PATTERNS) {
    result = result.replace(pattern, replacement);
  }
  return result;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return redact(error.message || error.name);
  return redact(typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)));
}

/** The stored line of an error: its message and type; its stack goes to the server log only. */
export function toErrorEntry(error: unknown, timestamp = new Date()): JobErrorEntry {
  const entry: JobErrorEntry = { message: errorMessage(error), timestamp: timestamp.toISOString() };
  if (error instanceof Error && error.name) entry.type = error.name;
  return entry;
}
