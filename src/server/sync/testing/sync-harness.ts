// A simulator, a fresh migrated database, a gateway with the simulator's orgs connected, and the
// SyncDeps of the sync jobs over them — what every sync test and the benchmark start from.
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../../../test/support/salesforce-simulator';
import type { Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { SalesforceGateway } from '../../salesforce/gateway';
import { SecretBox } from '../../secrets';
import { registerDemoOrgs } from '../../services/demo-orgs';
import type { SyncDeps } from '../deps';
import { invalidOrgAlert } from '../invalid-org-alert';
import { RecordingLive } from './recording-context';

export interface SyncHarness {
  sim: RunningSimulator;
  testDb: TestDatabase;
  gateway: SalesforceGateway;
  live: RecordingLive;
  secrets: SecretBox;
  deps: SyncDeps;
  lmaId: string;
  /** Packaging org ids by namespace. */
  packagingIds: Map<string, string>;
  close(): Promise<void>;
}

/** What the simulator says about one of its orgs (in-process, or GET /__sim/orgs). */
export interface SimOrgLogin {
  orgId: string;
  kind: 'lma' | 'packaging';
  users: { username: string; password: string }[];
}

export interface ConnectedSync {
  gateway: SalesforceGateway;
  live: RecordingLive;
  secrets: SecretBox;
  deps: SyncDeps;
}

/** A gateway over the simulator at `url` with its orgs connected, and SyncDeps over them. */
export async function connectSimulatorOrgs(options: {
  db: Database;
  url: string;
  orgs: readonly SimOrgLogin[];
  now: () => Date;
  sumoUrl?: string;
  pageSize?: number;
}): Promise<ConnectedSync> {
  const { db, url, orgs, now, sumoUrl, pageSize } = options;
  const secrets = new SecretBox('s'.repeat(64));
  const live = new RecordingLive();
  const gateway = new SalesforceGateway({
    db,
    secrets,
    apiVersion: '62.0',
    oauth: {
      clientId: 'pushboard-demo',
      clientSecret: 'demo-secret',
      loginUrl: url,
      redirectUri: 'http://localhost:5000/oauth2/callback',
    },
    // Quick back-off: injected faults should cost milliseconds, not seconds.
    retry: { baseDelayMs: 2, maxDelayMs: 20, rateLimitDelayMs: 10, attempts: 8 },
    onOrgInvalid: invalidOrgAlert(live),
  });
  await registerDemoOrgs(
    { db, secrets, gateway, loginUrl: url },
    orgs.map((org) => ({
      kind: org.kind,
      orgId: org.orgId,
      username: org.users[0]?.username ?? '',
      password: org.users[0]?.password ?? '',
    })),
  );
  const deps: SyncDeps = {
    db,
    gateway,
    live,
    config: { SUMO_URL: sumoUrl },
    instancesUrl: `${url}/status`,
    now,
    ...(pageSize ? { pageSize } : {}),
  };
  return { gateway, live, secrets, deps };
}

export interface HarnessOptions extends SimulatorOptions {
  sumoUrl?: string;
  pageSize?: number;
}

export async function startSyncHarness(options: HarnessOptions = {}): Promise<SyncHarness> {
  const { sumoUrl, pageSize, ...simOptions } = options;
  const sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual', ...simOptions });
  const testDb = await createTestDatabase();
  const connected = await connectSimulatorOrgs({
    db: testDb.db,
    url: sim.url,
    orgs: sim.orgs,
    now: () => sim.control.now(),
    ...(sumoUrl ? { sumoUrl } : {}),
    ...(pageSize ? { pageSize } : {}),
  });
  const packagingIds = new Map(
    sim.orgs.flatMap((org) => (org.namespace ? [[org.namespace, org.orgId] as const] : [])),
  );
  return {
    sim,
    testDb,
    ...connected,
    lmaId: sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '',
    packagingIds,
    close: async () => {
      await sim.close();
      await testDb.drop();
    },
  };
}
