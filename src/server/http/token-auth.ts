// Bearer requests with a personal API token (docs/security.md "API tokens"): on /api routes only,
// instead of the session cookie and without the CSRF header (a browser never adds an
// Authorization header to a cross-site request, so there is nothing to forge), counted per token
// in a fixed minute in each web process.
import type { FastifyRequest } from 'fastify';
import { authenticateToken, recordTokenRead } from '../services/api-tokens';
import { TooManyRequestsError } from '../errors';
import type { AppInstance } from './app-instance';

/** The bearer credential of the request, if it sends one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Routes a token opens: the API's, matched by pattern, never the web app or /metrics. */
export const isApiRoute = (url: string | undefined): boolean =>
  url !== undefined && url.startsWith('/api/');

class MinuteCounter {
  private readonly counts = new Map<number, { minute: number; count: number }>();
  constructor(private readonly max: number) {}

  /** Counts a call; answers the seconds to wait when the minute's budget is spent. */
  take(id: number, nowMs: number): number | null {
    const minute = Math.floor(nowMs / 60_000);
    const entry = this.counts.get(id);
    if (!entry || entry.minute !== minute) {
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(id, { minute, count: 1 });
      return null;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000) : null;
  }
}

const counters = new WeakMap<AppInstance, MinuteCounter>();

/** Sets request.session to the token's owner, or throws 401 (why) or 429 (spent budget). */
export async function authenticateBearer(
  app: AppInstance,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  const { session, tokenId } = await authenticateToken(app.deps.db, token);
  let counter = counters.get(app);
  if (!counter) {
    counter = new MinuteCounter(app.deps.config.RATE_LIMIT_TOKEN_PER_MINUTE);
    counters.set(app, counter);
  }
  const wait = counter.take(tokenId, Date.now());
  if (wait !== null) {
    throw new TooManyRequestsError(
      `Too many calls with this API token: at most ${app.deps.config.RATE_LIMIT_TOKEN_PER_MINUTE} a minute. Try again in ${wait} seconds.`,
    );
  }
  request.session = session;
  request.apiTokenId = tokenId;
  // Every use is on record as the owner: changes through their own audit rows, reads here.
  if (request.method === 'GET' || request.method === 'HEAD') {
    await recordTokenRead(app.deps.db, {
      username: session.username,
      tokenId,
      route: request.routeOptions.url ?? request.url,
      url: request.url,
    });
  }
}
