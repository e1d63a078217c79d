// The weaknesses listed in docs/architecture.md "Weaknesses of the console Pushboard replaces" that
// no other test pinned down, each checked on the real parts: the HTTP app, the gateway and the
// upgrade engine against the simulator over HTTP, on PGlite (and PostgreSQL with
// TEST_DATABASE_URL). The number in each title is the item of that list.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { startTestApp } from './http/testing/test-app';
import { simulatorConfig } from './http/testing/simulator-config';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from './http/auth';
import { withRetry } from './salesforce/retry';
import { advanceTiers, type LifecycleDeps } from './services/upgrades/activate';
import { reconcileUpgrades } from './services/upgrades/reconcile';
import { startUpgradeApp, type UpgradeApp } from './services/upgrades/testing/upgrade-app';

describe('29: retries back off', () => {
  const transient = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

  it('waits exponentially longer (capped) between tries of a transient failure, then gives up', async () => {
    const delays: number[] = [];
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls++;
        throw transient();
      },
      {
        attempts: 6,
        baseDelayMs: 1,
        maxDelayMs: 8,
        random: () => 1, // the top of the jitter range, so the ceiling itself is seen
        onRetry: (_error, _attempt, delay) => delays.push(delay),
      },
    );
    await expect(failing).rejects.toThrow('socket hang up');
    expect(calls).toBe(6);
    expect(delays).toEqual([1, 2, 4, 8, 8]);
  });

  it('draws each pause at random below the ceiling (full jitter), not a fixed beat', async () => {
    const delays: number[] = [];
    const draws = [0.5, 0.25, 0];
    await withRetry(
      async () => {
        if (delays.length < 3) throw transient();
        return 'ok';
      },
      {
        baseDelayMs: 4,
        random: () => draws[delays.length] ?? 0,
        onRetry: (_error, _attempt, delay) => delays.push(delay),
      },
    );
    expect(delays).toEqual([2, 2, 0]);
  });

  it('pauses for the rate-limit delay on REQUEST_LIMIT_EXCEEDED, and never retries a permanent error', async () => {
    const delays: number[] = [];
    let limited = 0;
    const result = await withRetry(
      async () => {
        if (limited++ === 0) {
          throw Object.assign(new Error('TotalRequests Limit exceeded.'), {
            errorCode: 'REQUEST_LIMIT_EXCEEDED',
          });
        }
        return 'done';
      },
      { baseDelayMs: 1, rateLimitDelayMs: 3, onRetry: (_e, _a, delay) => delays.push(delay) },
    );
    expect(result).toBe('done');
    expect(delays).toEqual([3]);

    let permanent = 0;
    await expect(
      withRetry(async () => {
        permanent++;
        throw Object.assign(new Error('bad field'), { errorCode: 'INVALID_FIELD' });
      }),
    ).rejects.toThrow('bad field');
    expect(permanent).toBe(1);
  });
});

describe('30: nothing is left open or unawaited', () => {
  it('the server opens no Bulk API jobs (its reads are REST queries, so none can be left open)', () => {
    const hits: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          if (/\.bulk2?\b|jobs\/(ingest|query)\b/.test(text)) hits.push(path);
        }
      }
    };
    visit(join(import.meta.dirname));
    expect(hits).toEqual([]);
  });

  it('lint refuses a promise that is neither awaited nor handled (fire-and-forget writes)', async () => {
    // Loaded by path: the lint configuration is plain JavaScript outside the typed sources.
    const configPath: string = join(import.meta.dirname, '..', '..', 'eslint.config.js');
    const { default: eslintConfig } = (await import(configPath)) as {
      default: { files?: string[]; rules?: Record<string, unknown> }[];
    };
    const levels = eslintConfig
      .map((entry) => entry.rules?.['@typescript-eslint/no-floating-promises'])
      .filter((level) => level !== undefined);
    expect(levels).toContain('error');
    const everywhere = eslintConfig.some(
      (entry) =>
        !entry.files && entry.rules?.['@typescript-eslint/no-floating-promises'] === 'error',
    );
    expect(everywhere).toBe(true);
    // The only place it is off is plain JavaScript, which has no types to check it with.
    const offFor = eslintConfig
      .filter((entry) =>
        ['off', 0].includes(entry.rules?.['@typescript-eslint/no-floating-promises'] as string),
      )
      .flatMap((entry) => entry.files ?? ['(every file)']);
    expect(offFor.every((glob) => /\.m?js$/.test(glob))).toBe(true);
  });
});

describe('the app and the upgrade engine against the simulator', () => {
  let t: UpgradeApp;
  let deps: LifecycleDeps & { gateway: NonNullable<LifecycleDeps['gateway']> };

  beforeAll(async () => {
    t = await startUpgradeApp();
    t.h.sim.control.setPace('manual');
    t.h.sim.control.setFailureRate(0);
    deps = {
      db: t.h.testDb.db,
      gateway: t.h.gateway,
      live: t.app.live,
      enforceActivationPolicy: true,
    };
  }, 180_000);
  afterAll(() => t?.close());

  const itemsOf = (upgradeId: number) =>
    t.rows<{ id: number; status: string }>(
      `SELECT id::int AS id, status FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id`,
      [upgradeId],
    );

  it('10: no setting turns sign-in off: with ENFORCE_AUTH=false anonymous callers still get 401', async () => {
    const config = loadConfig({ ENFORCE_AUTH: 'false' });
    expect(config).not.toHaveProperty('ENFORCE_AUTH');
    const { app } = await startTestApp({ testDb: t.h.testDb, config });
    try {
      expect((await app.inject({ url: '/api/packageorgs' })).statusCode).toBe(401);
      const change = await app.inject({
        method: 'PUT',
        url: '/api/orggroups',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
        payload: { name: 'x', type: 'Upgrade Group' },
      });
      expect(change.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('9: AUTH_ORG_ID limits who signs in, not which orgs can be connected', async () => {
    const lma = t.h.sim.orgs.find((org) => org.kind === 'lma')!;
    const packaging = t.h.sim.orgs.find((org) => org.kind === 'packaging')!;
    const config = simulatorConfig(t.h.sim, {
      AUTH_ORG_ID: lma.orgId,
      PUBLIC_URL: 'http://localhost:5996',
    });
    const { app } = await startTestApp({ testDb: t.h.testDb, config });
    // Connecting again seals new tokens under this app's key; the other tests need the old row.
    const [saved] = await t.rows<Record<string, unknown>>(
      `SELECT * FROM connected_org WHERE org_id = $1`,
      [packaging.orgId],
    );
    try {
      const start = await app.inject({
        url: '/oauth2/orgurl?type=Package&returnTo=/packageorgs',
        headers: t.operator,
      });
      expect(start.statusCode, start.body).toBe(200);
      const stateCookie = [start.headers['set-cookie']]
        .flat()
        .map((c) => String(c).split(';')[0]!)
        .find((c) => c.startsWith('pb_connect_state='));
      const authorize = new URL(start.json<{ url: string }>().url);
      const form = new URLSearchParams(authorize.searchParams);
      form.set('username', packaging.users[0]!.username);
      form.set('password', 'demo');
      form.set('action', 'login');
      const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const callback = new URL(answer.headers.get('location') ?? '');
      expect(callback.pathname).toBe('/oauth2/callback');
      const finished = await app.inject({
        url: callback.pathname + callback.search,
        headers: { cookie: [t.operator.cookie, stateCookie].filter(Boolean).join('; ') },
      });
      expect(finished.statusCode).toBe(302);
      expect(finished.headers.location).toBe('/packageorgs');
      const [row] = await t.rows<{ status: string }>(
        `SELECT status FROM connected_org WHERE org_id = $1`,
        [packaging.orgId],
      );
      expect(row?.status).toBe('Connected');
    } finally {
      await app.close();
      await t.h.testDb.db.query(
        `UPDATE connected_org SET access_token_enc = $2, refresh_token_enc = $3, status = $4,
                instance_url = $5, login_url = $6 WHERE org_id = $1`,
        [
          packaging.orgId,
          saved!.access_token_enc,
          saved!.refresh_token_enc,
          saved!.status,
          saved!.instance_url,
          saved!.login_url,
        ],
      );
    }
  });

  it('29: a connection is built once per org and reused, not rebuilt (read, decrypted) per call', async () => {
    const orgId = [...t.h.packagingIds.values()][0]!;
    const decrypt = vi.spyOn(t.h.secrets, 'decrypt');
    try {
      t.h.gateway.forget(orgId);
      const first = await t.h.gateway.connect(orgId);
      const built = decrypt.mock.calls.length;
      expect(built).toBeGreaterThan(0); // building one decrypts the tokens
      const second = await t.h.gateway.connect(orgId);
      expect(second).toBe(first);
      expect(decrypt.mock.calls.length).toBe(built);
    } finally {
      decrypt.mockRestore();
    }
  });

  it('16: finishing and monitoring one upgrade never activates the requests of another', async () => {
    const [a, b] = await t.candidates(2);
    const first = await t.scheduleGroup([a!.org_id], [a!.target], 'First');
    const second = await t.scheduleGroup([b!.org_id], [b!.target], 'Second');
    expect((await t.post(`/api/upgrades/activate/${first}`, {}, t.other)).statusCode).toBe(200);

    t.h.sim.control.advance(6 * 3_600_000);
    await reconcileUpgrades(deps);
    await advanceTiers(deps, first);
    await advanceTiers(deps, second);

    expect((await itemsOf(first)).map((i) => i.status)).toEqual(['Succeeded']);
    const [waiting] = await itemsOf(second);
    expect(waiting?.status).toBe('Created');
    expect(await t.requestStatus(waiting!.id)).toBe('Created');
    const [upgrade] = await t.rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [
      second,
    ]);
    expect(upgrade?.status).toBe('Ready');
  });

  it('20: one org goes through the same checks: an expired license or no installed version is left out, with the transid', async () => {
    const [expired, uninstalled] = await t.candidates(2);
    await t.h.testDb.db.query(
      `UPDATE org_package_version SET license_status = 'Expired' WHERE org_id = $1 AND package_id = $2`,
      [expired!.org_id, expired!.package_id],
    );
    await t.h.testDb.db.query(
      `DELETE FROM org_package_version WHERE org_id = $1 AND package_id = $2`,
      [uninstalled!.org_id, uninstalled!.package_id],
    );
    for (const org of [expired!, uninstalled!]) {
      const transid = `single-${org.org_id}`;
      const response = await t.post(`/api/orgs/${org.org_id}/upgrade`, {
        versions: [org.target],
        scheduled_date: new Date(t.h.sim.control.now().getTime() + 60_000).toISOString(),
        description: 'Single org checks',
        transid,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode === 200) {
        const { id, transid: answered } = response.json<{ id: number; transid: string }>();
        expect(answered).toBe(transid);
        expect(
          await t.rows(`SELECT status FROM upgrade WHERE id = $1`, [id]),
          `upgrade of ${org.org_id}`,
        ).toEqual([{ status: 'Failed' }]);
        expect(
          await t.rows(`SELECT org_id FROM upgrade_blacklist WHERE upgrade_id = $1`, [id]),
        ).toHaveLength(1);
      }
      expect(await t.rows(`SELECT id FROM upgrade_job WHERE org_id = $1`, [org.org_id])).toEqual(
        [],
      );
    }
  });

  it('18 and 14: nothing is activated while jobs are still being created; once all are there, it is', async () => {
    const [org] = await t.candidates(1);
    const id = await t.scheduleGroup([org!.org_id], [org!.target], 'Still scheduling');
    const [item] = await itemsOf(id);
    // As if the scheduler were still creating this request's push jobs.
    await t.h.testDb.db.query(
      `UPDATE upgrade_item SET total_job_count = total_job_count + 1 WHERE id = $1`,
      [item!.id],
    );
    const whole = await t.post(`/api/upgrades/activate/${id}`, {}, t.other);
    const single = await t.post(`/api/upgradeitems/activate/${item!.id}`, {}, t.other);
    for (const refused of [whole, single]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(
        /still (scheduling|being created)/i,
      );
    }
    expect(await t.requestStatus(item!.id)).toBe('Created');

    // Every job written (however it was created): the count matches and activation goes ahead.
    await t.h.testDb.db.query(
      `UPDATE upgrade_item SET total_job_count = total_job_count - 1 WHERE id = $1`,
      [item!.id],
    );
    const activated = await t.post(`/api/upgradeitems/activate/${item!.id}`, {}, t.other);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await t.requestStatus(item!.id)).toBe('Pending');
  });
});
