// Retries with exponential back-off and full jitter on transient Salesforce failures only.
import { classify } from './errors';

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Pause before retrying REQUEST_LIMIT_EXCEEDED (the org's limits recover slowly). */
  rateLimitDelayMs?: number;
  signal?: AbortSignal;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  random?: () => number;
}

export class CanceledError extends Error {
  constructor() {
    super('Canceled');
    this.name = 'CanceledError';
  }
}

export function throwIfCanceled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CanceledError();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CanceledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CanceledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    attempts = 5,
    baseDelayMs = 200,
    maxDelayMs = 10_000,
    rateLimitDelayMs = 30_000,
    signal,
    onRetry,
    random = Math.random,
  } = options;
  for (let attempt = 1; ; attempt++) {
    throwIfCanceled(signal);
    try {
      return await fn();
    } catch (error) {
      const kind = classify(error);
      if (kind === 'permanent' || attempt >= attempts) throw error;
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const delay = kind === 'rate-limited' ? rateLimitDelayMs : Math.round(random() * ceiling);
      onRetry?.(error, attempt, delay);
      await sleep(delay, signal);
    }
  }
}
