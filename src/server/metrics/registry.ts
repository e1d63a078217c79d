// The process's Prometheus registry and every Pushboard metric. It imports nothing of ours, so
// each layer (http, the job engine, the Salesforce gateway, the live channel) records into it
// without importing another layer; /metrics (or the worker's metrics listener) reads it.
// Label values come from closed sets (route patterns, job types, call kinds, code classes), never
// from ids, URLs or tokens, so the number of series stays bounded.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process: each process reports its own requests, jobs and clients. */
export const registry = new Registry();

// RSS, heap, CPU, event-loop lag, GC and handles of this Node process.
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobsTotal = new Counter({
  name: 'pushboard_jobs_total',
  help: 'Background jobs finished in this process, by type and outcome.',
  labelNames: ['type', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'pushboard_job_duration_seconds',
  help: 'Run time of background jobs finished in this process, by type.',
  labelNames: ['type'] as const,
  // From the upgrade monitor's sub-second runs to a multi-hour first Fetch All.
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 12 * 3600],
  registers: [registry],
});

export const salesforceCalls = new Counter({
  name: 'pushboard_salesforce_calls_total',
  help: 'Salesforce API calls (each attempt, retries included), by kind and outcome.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const salesforceErrors = new Counter({
  name: 'pushboard_salesforce_errors_total',
  help: 'Failed Salesforce API calls, by kind and error code class.',
  labelNames: ['kind', 'code_class'] as const,
  registers: [registry],
});

export const salesforceCallDuration = new Histogram({
  name: 'pushboard_salesforce_call_duration_seconds',
  help: 'Duration of Salesforce API calls (each attempt), by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers: [registry],
});

export const liveClients = new Gauge({
  name: 'pushboard_live_clients',
  help: 'Browser tabs connected to this process over the live channel.',
  registers: [registry],
});

export type JobOutcome = 'complete' | 'failed' | 'canceled';

/** A job's verdict, once it is written. */
export function recordJob(type: string, outcome: JobOutcome, seconds: number): void {
  jobsTotal.inc({ type, outcome });
  jobDuration.observe({ type }, seconds);
}

/** What a Salesforce call did: the label set is closed (see salesforce/call-metrics.ts). */
export type SalesforceCallKind =
  'query' | 'query_more' | 'retrieve' | 'create' | 'update' | 'token_refresh' | 'other';

/** Why a call failed, coarse enough for a label: never Salesforce's message or an id. */
export type SalesforceCodeClass = 'auth' | 'rate_limit' | 'server' | 'network' | 'client';

export function recordSalesforceCall(
  kind: SalesforceCallKind,
  seconds: number,
  failure?: SalesforceCodeClass,
): void {
  salesforceCalls.inc({ kind, outcome: failure ? 'error' : 'ok' });
  salesforceCallDuration.observe({ kind }, seconds);
  if (failure) salesforceErrors.inc({ kind, code_class: failure });
}

/** Counts a live-channel socket from its connection until it disconnects. */
export function trackLiveClient(socket: {
  once(event: 'disconnect', listener: () => void): unknown;
}): void {
  liveClients.inc();
  socket.once('disconnect', () => liveClients.dec());
}
