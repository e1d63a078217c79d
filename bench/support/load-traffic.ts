// An open-loop HTTP load generator: request i is due at start + i / rate whatever happened to
// the earlier ones (a closed loop would slow down with the server and hide its queueing). The
// latency of a request counts from the moment it was due, so a late send (the generator itself
// behind) shows up in the figures too; how late the sends were is reported separately.
import { Agent, request } from 'node:http';

export interface LoadRequest {
  /** The label the figures are grouped by (a route and a scenario). */
  route: string;
  path: string;
}

export interface RouteStats {
  route: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface TrafficResult {
  sent: number;
  completed: number;
  errors: number;
  /** Up to 10 error descriptions, for the report. */
  errorSamples: string[];
  seconds: number;
  achievedRps: number;
  /** How late the generator sent requests (ms after their due time). */
  sendLagP99: number;
  sendLagMax: number;
  routes: RouteStats[];
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const TIMEOUT_MS = 10_000;

/** One GET; resolves with an error text or undefined, after the whole body has arrived. */
function get(agent: Agent, base: URL, path: string, headers: Record<string, string>) {
  return new Promise<string | undefined>((resolve) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path, method: 'GET', headers },
      (res) => {
        let body = '';
        const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!ok && body.length < 300) body += chunk;
        });
        res.on('end', () => resolve(ok ? undefined : `${res.statusCode} ${path}: ${body}`));
        res.on('error', (error) => resolve(`${path}: ${error.message}`));
        // After 'end' this changes nothing; without it (cut off by the deadline) it is the error.
        res.on('close', () => resolve(`${path}: closed before the end of the answer`));
      },
    );
    // A deadline for the whole exchange, also the time spent waiting for a free socket
    // (req.setTimeout only starts once a socket is assigned).
    const timer = setTimeout(
      () => req.destroy(new Error(`timeout after ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => resolve(`${path}: ${error.message}`));
    req.end();
  });
}

/**
 * Sends `rate` requests a second for `seconds` to the `targets` in turn, each the next of
 * `next()`, and waits for the last answer.
 */
export async function runTraffic(options: {
  targets: readonly string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  next: (index: number) => LoadRequest;
}): Promise<TrafficResult> {
  const { targets, headers, rate, seconds, next } = options;
  const bases = targets.map((target) => new URL(target));
  // Keep-alive like a browser's, with enough sockets that no request waits for one.
  const agents = bases.map(() => new Agent({ keepAlive: true, maxSockets: 256 }));
  const total = Math.round(rate * seconds);
  const latencies = new Map<string, number[]>();
  const errorsByRoute = new Map<string, number>();
  const errorSamples: string[] = [];
  const lags: number[] = [];
  const pending = new Set<Promise<void>>();
  let completed = 0;
  let errors = 0;
  let sent = 0;
  const start = performance.now();

  // Balanced like a least-connections proxy (nginx least_conn, HAProxy leastconn): the process
  // with the fewest requests in flight gets the next one. Taking them in turn instead sent each
  // route of the fixed mix to the same process every time (an even cycle), so one process got
  // the costlier half of the routes.
  const inFlight = bases.map(() => 0);
  let last = -1;
  /** The least busy process; ties go to the processes in turn. */
  const pick = () => {
    let best = (last + 1) % bases.length;
    for (let step = 2; step <= bases.length; step++) {
      const candidate = (last + step) % bases.length;
      if (inFlight[candidate]! < inFlight[best]!) best = candidate;
    }
    last = best;
    return best;
  };
  const send = (index: number, due: number) => {
    const { route, path } = next(index);
    const target = pick();
    inFlight[target]!++;
    lags.push(performance.now() - due);
    const done = get(agents[target]!, bases[target]!, path, headers).then((error) => {
      inFlight[target]!--;
      const ms = performance.now() - due;
      completed++;
      if (error) {
        errors++;
        errorsByRoute.set(route, (errorsByRoute.get(route) ?? 0) + 1);
        if (errorSamples.length < 10) errorSamples.push(error);
      } else {
        const list = latencies.get(route) ?? [];
        list.push(ms);
        latencies.set(route, list);
      }
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  // A timer tick sends every request that has come due (timers are only ms-precise and may be
  // late under load; the due time, not the tick, is what latencies count from).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        send(sent, start + (sent * 1000) / rate);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const sendingSeconds = (performance.now() - start) / 1000;
  await Promise.all(pending);
  for (const agent of agents) agent.destroy();

  lags.sort((a, b) => a - b);
  const routes = [...new Set([...latencies.keys(), ...errorsByRoute.keys()])]
    .sort()
    .map((route): RouteStats => {
      const sorted = (latencies.get(route) ?? []).sort((a, b) => a - b);
      return {
        route,
        count: sorted.length + (errorsByRoute.get(route) ?? 0),
        errors: errorsByRoute.get(route) ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? 0,
      };
    });
  return {
    sent,
    completed,
    errors,
    errorSamples,
    seconds: sendingSeconds,
    achievedRps: sent / sendingSeconds,
    sendLagP99: percentile(lags, 99),
    sendLagMax: lags[lags.length - 1] ?? 0,
    routes,
  };
}
