// The Salesforce simulator: a family of orgs (the LMA, one packaging org per package, subscriber orgs
// as data) behind one node:http server that speaks OAuth 2.0, the identity service and the REST API
// as Salesforce does, with a push upgrade engine, fault injection and a control interface.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createControl, type SimulatorControl } from './control';
import type { SimDataset } from './data/datasets';
import type { FaultSettings } from './faults';
import { createRequestHandler } from './http/handler';
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
  const server = createServer(createRequestHandler(rt, control, orgInfos));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5001, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  rt.config.publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');
  rt.engine.start();
  return {
    url: rt.config.publicUrl,
    orgs: orgInfos(),
    control,
    close: async () => {
      rt.engine.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
