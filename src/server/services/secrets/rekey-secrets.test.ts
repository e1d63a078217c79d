// SECRET_KEY rotation end to end on the real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL) and the simulator over HTTP: tokens sealed under key A keep working with
// 'B,A', the rekey-secrets job (run by the real job engine) re-seals them under B, B alone then
// works, and with an unrelated key C the job marks them unreadable instead of crashing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import type { Actor } from '../../actor';
import { loadConfig } from '../../config';
import type { SqlClient } from '../../db/database';
import { findJob } from '../../db/repositories/admin-jobs';
import { UNREADABLE_TOKENS_REASON } from '../../db/repositories/sealed-tokens';
import { createSession } from '../../db/repositories/sessions';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { createJobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { FAST_TIMING, RecordingLive } from '../../jobs/testing/test-jobs';
import { SecretBox, UnreadableSecretError } from '../../secrets';
import { RecordingContext, runJob } from '../../sync/testing/recording-context';
import { buildServices, type Services } from '../build-services';
import { registerDemoOrgs } from '../demo-orgs';
import { createEndpoint } from '../webhooks/admin';
import { rekeySecretsJob } from './rekey-job';
import { rekeyConnectedOrgs } from './rekey-secrets';

const A = 'a-key-'.padEnd(48, 'a');
const B = 'b-key-'.padEnd(48, 'b');
const C = 'c-key-'.padEnd(48, 'c');

const admin: Actor = {
  username: 'admin-key',
  displayName: 'Admin (access key)',
  readOnly: false,
  authMethod: 'admin-key',
};

let sim: RunningSimulator;
let testDb: TestDatabase;
let orgIds: string[];

/** The services the app builds for SECRET_KEY = keys (the gateway over the simulator). */
function servicesFor(keys: string[]): Services {
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:5996', SECRET_KEY: keys.join(',') });
  return buildServices({
    config: {
      ...config,
      salesforce: { clientId: 'pushboard-demo', clientSecret: 'demo-secret', loginUrl: sim.url },
    },
    db: testDb.db,
    secretKey: keys[0] ?? '',
    secretKeys: config.secretKeys,
    live: new RecordingLive(),
  });
}

/** A gateway call that needs the stored tokens opened. */
async function readOrganization(services: Services, orgId: string): Promise<string> {
  const conn = await services.gateway!.connect(orgId);
  const rows = await conn.queryAll('SELECT Id FROM Organization', z.object({ Id: z.string() }));
  return rows[0]?.Id ?? '';
}

async function storedTokens(): Promise<string[]> {
  const orgs = await testDb.db.query<{ a: string | null; r: string | null }>(
    'SELECT access_token_enc AS a, refresh_token_enc AS r FROM connected_org',
  );
  const sessions = await testDb.db.query<{ a: string | null; r: string | null }>(
    'SELECT access_token_enc AS a, refresh_token_enc AS r FROM session',
  );
  return [...orgs.rows, ...sessions.rows].flatMap((row) =>
    [row.a, row.r].filter((value): value is string => value !== null),
  );
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
  testDb = await createTestDatabase();
  const underA = servicesFor([A]);
  await registerDemoOrgs(
    { db: testDb.db, secrets: underA.secrets, gateway: underA.gateway!, loginUrl: sim.url },
    sim.orgs.map((org) => ({
      kind: org.kind,
      orgId: org.orgId,
      username: org.users[0]?.username ?? '',
      password: org.users[0]?.password ?? '',
    })),
  );
  orgIds = sim.orgs.map((org) => org.orgId);
  for (const n of [1, 2, 3]) {
    await createSession(
      testDb.db,
      {
        username: `user${n}@pushboard.demo`,
        displayName: null,
        readOnly: false,
        authMethod: 'salesforce',
        accessTokenEnc: underA.secrets.encrypt(`session-access-${n}`),
        refreshTokenEnc: n === 3 ? null : underA.secrets.encrypt(`session-refresh-${n}`),
      },
      2,
    );
  }
});
afterAll(async () => {
  await sim.close();
  await testDb.drop();
});

describe('rotating SECRET_KEY from A to B', () => {
  it('B,A: the app still opens tokens sealed under A; the job re-seals every one under B', async () => {
    const before = await storedTokens();
    expect(before.length).toBe(orgIds.length * 2 + 5);
    expect(before.every((value) => new SecretBox(A).isCurrent(value))).toBe(true);

    const rotated = servicesFor([B, A]);
    for (const orgId of orgIds) expect(await readOrganization(rotated, orgId)).toBe(orgId);

    const live = new RecordingLive();
    const engine = await createJobEngine({
      db: testDb.db,
      live,
      log: silentJobLogger,
      role: 'all',
      timing: FAST_TIMING,
      definitions: [rekeySecretsJob({ db: testDb.db, secrets: rotated.secrets, batchSize: 1 })],
    });
    try {
      await engine.startWorker();
      const jobId = await engine.start('rekey-secrets', {}, 'startup');
      await vi.waitFor(
        async () => expect((await findJob(testDb.db, jobId))?.status).toBe('Complete'),
        {
          timeout: 20_000,
          interval: 50,
        },
      );
      // What the Admin page shows: the job by name, with its counts.
      const history = (await engine.snapshot()).history.all.find((job) => job.id === jobId);
      expect(history?.name).toBe('Re-encrypt stored tokens');
      expect(history?.results.map((result) => result.message)).toEqual([
        `Connected org tokens: ${orgIds.length * 2} re-sealed, 0 already current, 0 unreadable (orgs marked Invalid)`,
        'Session tokens: 5 re-sealed, 0 already current, 0 unreadable (sessions ended)',
        "Webhook secrets: 0 re-sealed, 0 already current, 0 unreadable (rotate those endpoints' secrets)",
      ]);
    } finally {
      await engine.stop();
    }

    const after = await storedTokens();
    expect(after.length).toBe(before.length);
    expect(after.every((value) => new SecretBox(B).isCurrent(value))).toBe(true);
    const sessions = await testDb.db.query<{ a: string }>(
      `SELECT access_token_enc AS a FROM session ORDER BY username`,
    );
    expect(sessions.rows.map((row) => new SecretBox(B).decrypt(row.a))).toEqual([
      'session-access-1',
      'session-access-2',
      'session-access-3',
    ]);
  });

  it('running it again is harmless: everything is already current', async () => {
    const again = await runJob(
      rekeySecretsJob({ db: testDb.db, secrets: servicesFor([B, A]).secrets }),
    );
    expect(again.results.map((result) => result.message)).toEqual([
      `Connected org tokens: 0 re-sealed, ${orgIds.length * 2} already current, 0 unreadable (orgs marked Invalid)`,
      'Session tokens: 0 re-sealed, 5 already current, 0 unreadable (sessions ended)',
      "Webhook secrets: 0 re-sealed, 0 already current, 0 unreadable (rotate those endpoints' secrets)",
    ]);
  });

  it('B alone (A dropped) still works', async () => {
    const onlyB = servicesFor([B]);
    for (const orgId of orgIds) expect(await readOrganization(onlyB, orgId)).toBe(orgId);
  });

  it('a token refreshed while the job runs is not overwritten (compare-and-set)', async () => {
    const [orgId] = orgIds;
    const older = new SecretBox(A).encrypt('old-access-token');
    await testDb.db.query('UPDATE connected_org SET access_token_enc = $2 WHERE org_id = $1', [
      orgId,
      older,
    ]);
    const fresh = new SecretBox(B).encrypt('refreshed-access-token');
    // A refresh lands between the job's read and its write.
    const racing: SqlClient = {
      exec: (text) => testDb.db.exec(text),
      query: async (text, params) => {
        if (/^\s*UPDATE connected_org SET access_token_enc = \$2, refresh_token_enc/.test(text)) {
          await testDb.db.query(
            'UPDATE connected_org SET access_token_enc = $2 WHERE org_id = $1',
            [orgId, fresh],
          );
        }
        return testDb.db.query(text, params);
      },
    };
    const counts = await rekeyConnectedOrgs({ db: racing, secrets: new SecretBox([B, A]) });
    expect(counts).toMatchObject({ resealed: 0, skipped: 1 });
    const { rows } = await testDb.db.query<{ a: string }>(
      'SELECT access_token_enc AS a FROM connected_org WHERE org_id = $1',
      [orgId],
    );
    expect(rows[0]?.a).toBe(fresh);
  });

  it('C alone: the job marks every org Invalid and ends the sessions; nothing crashes', async () => {
    const onlyC = servicesFor([C]);
    // Before the job: a gateway call meets a token no key opens, a typed 502, not a crash.
    await expect(readOrganization(onlyC, orgIds[0]!)).rejects.toThrow(UnreadableSecretError);
    const live = new RecordingLive();
    await createEndpoint({ db: testDb.db, secrets: onlyC.secrets }, admin, {
      url: 'https://hooks.example.com/pushboard',
      events: ['connected_org.invalid'],
      format: 'json',
    });
    const context = await runJob(
      rekeySecretsJob({ db: testDb.db, secrets: onlyC.secrets, live }),
      {},
      new RecordingContext(),
    );
    expect(context.results[0]?.message).toBe(
      `Connected org tokens: 0 re-sealed, 0 already current, ${orgIds.length} unreadable (orgs marked Invalid)`,
    );
    expect(context.results[0]?.details).toHaveLength(orgIds.length);
    expect(context.results[0]?.details?.[0]).toMatch(
      /cannot be opened with any key in SECRET_KEY .*marked Invalid: connect it again\.$/,
    );
    expect(context.results[1]?.message).toBe(
      'Session tokens: 0 re-sealed, 0 already current, 3 unreadable (sessions ended)',
    );
    expect(live.events.filter((event) => event.event === 'ALERT_INVALID_ORG')).toHaveLength(
      orgIds.length,
    );
    const orgs = await testDb.db.query<{ status: string; a: string | null; r: string | null }>(
      'SELECT status, access_token_enc AS a, refresh_token_enc AS r FROM connected_org',
    );
    expect(orgs.rows.every((row) => row.status === 'Invalid' && !row.a && !row.r)).toBe(true);
    expect((await testDb.db.query('SELECT 1 FROM session')).rowCount).toBe(0);
    // One 'connected_org.invalid' event per org, written with its Invalid status.
    const events = await testDb.db.query<{ data: Record<string, unknown> }>(
      `SELECT payload->'data' AS data FROM webhook_delivery WHERE event = 'connected_org.invalid'`,
    );
    expect(events.rows.map((row) => row.data['org_id']).sort()).toEqual([...orgIds].sort());
    expect(events.rows[0]?.data).toMatchObject({ reason: UNREADABLE_TOKENS_REASON });
    // The gateway now answers the usual "connect it again", not a decryption failure.
    await expect(readOrganization(onlyC, orgIds[0]!)).rejects.toThrow(/connect it again/);
  });
});
