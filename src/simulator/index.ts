// The Salesforce simulator: a family of orgs (the LMA, one packaging org per package, subscriber orgs
// as data) behind one node:http server that speaks OAuth 2.0, the identity service and the REST API
// as Salesforce does, with a push upgrade engine, fault injection and a control interface.
import { createControl, type SimulatorControl } from './control';
import type { SimDataset } from './data/datasets';
import type { FaultSettings } from './faults';
import { createRequestHandler } from './http/handler';
import { listen, orgPort, type Listener } from './listeners';
import type { SimPace } from './push/clock';
import { SimRuntime } from './runtime';

export type { SimDataset } from './data/datasets';
export type { SimPace } from './push/clock';
export type { FaultRates, FaultSettings } from './faults';
export type { DataEditOptions, SimulatorControl } from './control';

export interface SimulatorOptions {
  /** 0 = any free port; default 5001. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Base URL used in instance_url and ids; default http://localhost:<port>. */
  publicUrl?: string;
  /** Default 'demo'. */
  dataset?: SimDataset;
  /** Default fixed (20240501). */
  seed?: number;
  /** Default 'fast': a push of ~200 jobs finishes in about a minute. */
  pace?: SimPace;
  /** Share of push jobs that fail, default 0.05. */
  failureRate?: number;
  /** Default pushboard-demo / demo-secret. */
  clientId?: string;
  clientSecret?: string;
  /** Default 7200. */
  accessTokenTtlSeconds?: number;
  /** Default none. */
  faults?: FaultSettings;
  /** Default silent. */
  log?: (line: string) => void;
  /**
   * 'path' (default): every org at <root>/org/<orgId> on one port. 'origin': every org also on a
   * port of its own and that origin is its instance URL, as on Salesforce (the sf CLI needs this).
   * Origins are http://localhost:<port>; with publicUrl set, only 'path' applies.
   */
  instanceUrls?: 'path' | 'origin';
  /**
   * How far the id counters of records created while running (push requests, jobs, errors,
   * inserted records) skip ahead of the seeded ones. The simulator keeps nothing between runs, so
   * without a gap a restarted one hands out the ids of the last run again, which a client that
   * kept them (Pushboard's upgrade history) takes for the old records. Default 0; a console that
   * restarts on kept data passes restartSafeIdGap(Date.now()).
   */
  recordIdGap?: number;
}

/**
 * A gap that grows by 100 000 ids a second, so a run never reaches the ids of a later one unless
 * it created more than 100 000 records per second it ran; it stays within Salesforce's
 * nine-character counters (and JavaScript's exact integers) for centuries.
 */
export function restartSafeIdGap(nowMs: number): number {
  return Math.floor(nowMs / 1000) * 100_000;
}

export interface SimOrgInfo {
  orgId: string;
  name: string;
  kind: 'lma' | 'packaging';
  namespace?: string;
  instanceUrl: string;
  users: { username: string; password: string; readOnly: boolean }[];
}

export interface RunningSimulator {
  /** The login host (root URL). */
  url: string;
  orgs: SimOrgInfo[];
  control: SimulatorControl;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 20240501;

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const log = options.log ?? (() => undefined);
  const rt = new SimRuntime({
    dataset: options.dataset ?? 'demo',
    seed: options.seed ?? DEFAULT_SEED,
    pace: options.pace ?? 'fast',
    failureRate: options.failureRate ?? 0.05,
    clientId: options.clientId ?? 'pushboard-demo',
    clientSecret: options.clientSecret ?? 'demo-secret',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    faults: options.faults,
    log,
    recordIdGap: options.recordIdGap ?? 0,
  });
  const control = createControl(rt);
  const orgInfos = (): SimOrgInfo[] =>
    rt.family.all().map((org) => ({
      orgId: org.id,
      name: org.name,
      kind: org.kind,
      ...(org.namespace ? { namespace: org.namespace } : {}),
      instanceUrl: rt.instanceUrl(org),
      users: org.users.map((u) => ({
        username: u.username,
        password: u.password,
        readOnly: u.readOnly,
      })),
    }));
  const host = options.host ?? '127.0.0.1';
  const login = await listen(
    createRequestHandler(rt, control, orgInfos),
    options.port ?? 5001,
    host,
  );
  const listeners: Listener[] = [login];
  try {
    if (options.instanceUrls === 'origin' && !options.publicUrl) {
      const orgs = rt.family.all();
      for (const [index, org] of orgs.entries()) {
        const own = await listen(
          createRequestHandler(rt, control, orgInfos, org.id),
          orgPort(options.port ?? 5001, index),
          host,
        );
        listeners.push(own);
        rt.config.orgOrigins.set(org.id, `http://localhost:${own.port}`);
      }
    }
  } catch (error) {
    await Promise.all(listeners.map((l) => l.close()));
    throw error;
  }
  rt.config.publicUrl = (options.publicUrl ?? `http://localhost:${login.port}`).replace(/\/$/, '');
  rt.engine.start();
  return {
    url: rt.config.publicUrl,
    orgs: orgInfos(),
    control,
    close: async () => {
      rt.engine.stop();
      await Promise.all(listeners.map((l) => l.close()));
    },
  };
}
