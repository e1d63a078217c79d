// Every change route writes its audit row (docs/security.md "Audit"): the test walks Fastify's
// route table and drives each change route with an example request that succeeds, against the
// simulator over HTTP and a database filled by a real fetch, then expects exactly one new audit row
// naming the actor, the action and the target. A change route that is neither driven here nor
// listed in NOT_DRIVEN (with the reason and the test that covers it) fails the test, so a new route
// must be added. The last tests prove atomicity: a change that fails midway (a database error after
// Salesforce accepted, or Salesforce's refusal) leaves no 'success' row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureKey } from '../../domain/failure-clusters';
import { createJobEngine, type JobEngine } from '../jobs/engine';
import { silentJobLogger } from '../jobs/job-logger';
import { JOB_TYPES } from '../jobs/queues';
import { FAST_TIMING, GatedJobs, RecordingLive } from '../jobs/testing/test-jobs';
import { fetchAllJob } from '../sync/fetch-job';
import { runJob } from '../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../sync/testing/sync-harness';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { upgradeCandidates } from '../services/upgrades/testing/upgrade-candidates';
import { sessionHeaders } from './test-session';

const OPERATOR = 'operator@pushboard.demo';
const OTHER = 'admin@pushboard.demo';

/** Change routes this test does not drive, with why and where their audit rows are proven. */
const NOT_DRIVEN: Record<string, string> = {
  'GET /oauth2/callback':
    "needs Salesforce's browser login; sign-in-flow.test.ts (sign-in) and packageorg-connect.test.ts ('connected-org.connect' row) cover it",
  'POST /oauth2/adminaccess':
    "sign-in with the admin key; admin-access.test.ts checks its 'sign-in-admin-key' rows",
  'POST /oauth2/logout': "sign-out; session-lifecycle.test.ts checks its 'sign-out' row",
  'POST /oauth2/logout-everywhere':
    'ends every session of the user; the session work audits it with its own tests',
  'GET /oauth2/orgurl':
    'only starts the OAuth dance (a one-time state); the change and its row come with the callback',
  'GET /oauth2/connect': 'the link form of /oauth2/orgurl: starts the OAuth dance, changes nothing',
  'GET /oauth2/preauthorg': 'starts the OAuth dance for one org, changes nothing',
  'GET /oauth2/exportorgurl': 'answers the export popup URL; reads, changes nothing',
  'GET /oauth2/exportorg/:orgId': "the export popup's page; reads, changes nothing (never a token)",
  'POST /api/stats': 'Analyze: a read with a list body, open to read-only users',
  'POST /api/orgs/:orgId/upgrade/preview': 'a preview: nothing is written',
  'POST /api/orggroups/:id/upgrade/preview': 'a preview: nothing is written',
  'POST /api/orgs/upgrade/preview': 'a preview: nothing is written',
  'POST /api/orgs/upgrade':
    "schedule-filtered.test.ts checks its 'upgrade.schedule' row (target org_filter)",
  'POST /api/upgrades/:id/rollout/resume':
    "needs a halted rollout; rollout.test.ts checks its 'upgrade.rollout.resume' row",
  'POST /api/upgrades/:id/rollout/waves/:wave/skip':
    "needs a rollout; rollout.test.ts checks its 'upgrade.rollout.skip' row",
  'POST /api/upgrades/:id/rollout/waves/:wave/start':
    "needs a rollout whose first wave passed; rollout.test.ts checks its 'upgrade.rollout.start' row",
  'DELETE /api/admin/tokens/:id':
    "needs an admin access key session; tokens.test.ts checks its 'token.revoke' row",
  'POST /api/admin/import-old-console':
    "needs an admin access key session and an old console database; import/admin-import-http.test.ts checks its 'import.old-console.start' row",
  'POST /api/admin/webhooks':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.create' row",
  'POST /api/admin/webhooks/:id/disable':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.disable' row",
  'DELETE /api/admin/webhooks/:id':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.delete' row",
  'POST /api/admin/webhooks/:id/rotate-secret':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.rotate_secret' row",
  'POST /api/admin/webhooks/:id/test':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.test' row",
  'POST /api/admin/webhooks/deliveries/:deliveryId/redeliver':
    "needs an admin access key session; webhooks.test.ts checks its 'webhook.redeliver' row",
};

/** GETs that change something or complete a sign-in (the rest of the GETs are reads). */
const CHANGING_GETS = new Set([
  'GET /oauth2/callback',
  'GET /oauth2/orgurl',
  'GET /oauth2/connect',
  'GET /oauth2/preauthorg',
  'GET /oauth2/exportorgurl',
  'GET /oauth2/exportorg/:orgId',
]);

interface Expected {
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
}

interface Example {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  /** Who sends it (default: the operator). */
  as?: 'operator' | 'other';
  expect: Expected;
}

let h: SyncHarness;
let app: AppInstance;
let engine: JobEngine;
let headers: Record<'operator' | 'other', Record<string, string>>;
const gated = new GatedJobs();
let transids = 0;

const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await h.testDb.db.query<T>(sql, params)).rows;
const one = async <T>(sql: string, params: unknown[] = []) => {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};
const lastAuditId = async () =>
  (await one<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`)).id;

const send = (method: Example['method'], url: string, body?: unknown, as = headers.operator) =>
  app.inject({
    method,
    url,
    headers: as,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

/** Orgs the plan accepts for an upgrade to their package's latest version (not used yet). */
const candidates = (limit: number) => upgradeCandidates(h.testDb.db, { limit });

const scheduleBody = (versions: string[]) => ({
  versions,
  scheduled_date: new Date(h.sim.control.now().getTime() + 60_000).toISOString(),
  description: 'Audit coverage',
  transid: `audit-${Date.now()}-${++transids}`,
});

/** Schedules one org's upgrade through the route; answers the upgrade and its request. */
async function scheduleOrg(): Promise<{ upgradeId: number; itemId: number }> {
  const [candidate] = await candidates(1);
  if (!candidate) throw new Error('no upgradeable org left in the test dataset');
  const response = await send('POST', `/api/orgs/${candidate.org_id}/upgrade`, {
    ...scheduleBody([candidate.target]),
  });
  if (response.statusCode !== 200) throw new Error(`schedule: ${response.body}`);
  const upgradeId = response.json<{ id: number }>().id;
  const item = await one<{ id: number }>(
    `SELECT id::int AS id FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id LIMIT 1`,
    [upgradeId],
  );
  return { upgradeId, itemId: item.id };
}

const knownOrgs = (limit: number) =>
  rows<{ org_id: string }>(
    `SELECT trim(org_id) AS org_id FROM org
      WHERE NOT EXISTS (SELECT 1 FROM org_group_member m WHERE m.org_id = org.org_id)
      ORDER BY org_id DESC LIMIT $1`,
    [limit],
  ).then((found) => found.map((r) => r.org_id));

const connectedOrg = (type: 'Package' | 'Licenses') =>
  one<{ org_id: string }>(
    `SELECT trim(org_id) AS org_id FROM connected_org WHERE type = $1 ORDER BY org_id LIMIT 1`,
    [type],
  ).then((r) => r.org_id);

const expected = (
  action: string,
  targetType: string | null,
  targetId: string | number | null,
  actor = OPERATOR,
): Expected => ({
  actor,
  action,
  target_type: targetType,
  target_id: targetId === null ? null : String(targetId),
});

/**
 * One example per change route, in the order they run (later ones may use what earlier ones
 * made; the destructive connected-org changes come last). Each builds its request just before
 * it is sent; what it prepares may write audit rows of its own, which are not counted.
 */
const EXAMPLES: Record<string, () => Promise<Example>> = {
  'POST /api/tokens': async () => ({
    method: 'POST',
    url: '/api/tokens',
    body: {
      name: 'Audited',
      scope: 'read',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
    expect: expected('token.create', 'api_token', null),
  }),
  'DELETE /api/tokens/:id': async () => {
    const created = await send('POST', '/api/tokens', {
      name: 'To revoke',
      scope: 'read',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { id } = created.json<{ id: number }>();
    return {
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      expect: expected('token.revoke', 'api_token', id),
    };
  },
  'PUT /api/filters': async () => ({
    method: 'PUT',
    url: '/api/filters',
    body: { key: 'LicenseList', name: 'Audited', query: [{ id: 'status', value: 'Active' }] },
    expect: expected('savedfilter.create', 'saved_filter', null),
  }),
  'DELETE /api/filters/:id': async () => {
    const created = await send('PUT', '/api/filters', {
      key: 'LicenseList',
      name: 'To delete',
      query: [],
    });
    const { id } = created.json<{ id: number }>();
    return {
      method: 'DELETE',
      url: `/api/filters/${id}`,
      expect: expected('savedfilter.delete', 'saved_filter', id),
    };
  },
  'PUT /api/orggroups': async () => ({
    method: 'PUT',
    url: '/api/orggroups',
    body: { name: 'Audited group', orgIds: await knownOrgs(1) },
    expect: expected('orggroup.create', 'org_group', null),
  }),
  'POST /api/orggroups/:id/members': async () => {
    const group = await groupNamed('Audited group');
    return {
      method: 'POST',
      url: `/api/orggroups/${group}/members`,
      body: { orgIds: (await knownOrgs(2)).slice(1) },
      expect: expected('orggroup.members.add', 'org_group', group),
    };
  },
  'POST /api/orggroups/:id/members/remove': async () => {
    const group = await groupNamed('Audited group');
    const member = await memberOf(group);
    return {
      method: 'POST',
      url: `/api/orggroups/${group}/members/remove`,
      body: { orgIds: [member] },
      expect: expected('orggroup.members.remove', 'org_group', group),
    };
  },
  'POST /api/orggroups/members/:orgId/remove': async () => {
    const group = await groupNamed('Audited group');
    const member = await memberOf(group);
    return {
      method: 'POST',
      url: `/api/orggroups/members/${member}/remove`,
      body: { orgGroupIds: [group] },
      expect: expected('orggroup.members.remove', 'org', member),
    };
  },
  'POST /api/orggroups/delete': async () => {
    const group = await groupNamed('Audited group');
    return {
      method: 'POST',
      url: '/api/orggroups/delete',
      body: { orggroupIds: [group] },
      expect: expected('orggroup.delete', 'org_group', group),
    };
  },
  'PUT /api/orgs': async () => ({
    method: 'PUT',
    url: '/api/orgs',
    body: { orgIds: await knownOrgs(1), transid: `import-${++transids}` },
    expect: expected('org.import', 'org', null),
  }),
  'PUT /api/orgs/:orgId/blacklist': async () => {
    const [orgId] = await knownOrgs(1);
    return {
      method: 'PUT',
      url: `/api/orgs/${orgId}/blacklist`,
      body: { blacklisted: true },
      expect: expected('org.blacklist', 'org', orgId!),
    };
  },
  'POST /api/orgs/:orgId/upgrade': async () => {
    const [candidate] = await candidates(1);
    return {
      method: 'POST',
      url: `/api/orgs/${candidate!.org_id}/upgrade`,
      body: scheduleBody([candidate!.target]),
      expect: expected('upgrade.schedule', 'org', candidate!.org_id),
    };
  },
  'POST /api/orggroups/:id/upgrade': async () => {
    const [candidate] = await candidates(1);
    const group = await one<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ($1, 'Upgrade Group') RETURNING id::int AS id`,
      [`Upgrade group ${++transids}`],
    );
    await h.testDb.db.query(`INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)`, [
      group.id,
      candidate!.org_id,
    ]);
    return {
      method: 'POST',
      url: `/api/orggroups/${group.id}/upgrade`,
      body: scheduleBody([candidate!.target]),
      expect: expected('upgrade.schedule', 'org_group', group.id),
    };
  },
  'POST /api/upgrades/activate/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/activate/${upgradeId}`,
      body: {},
      as: 'other', // the activation policy: not the creator
      expect: expected('upgrade.activate', 'upgrade', upgradeId, OTHER),
    };
  },
  'POST /api/upgradeitems/activate/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/activate/${itemId}`,
      body: {},
      as: 'other',
      expect: expected('upgradeitem.activate', 'upgrade_item', itemId, OTHER),
    };
  },
  'POST /api/upgrades/refresh/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/refresh/${upgradeId}`,
      body: {},
      expect: expected('upgrade.refresh', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgradeitems/refresh/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/refresh/${itemId}`,
      body: {},
      expect: expected('upgradeitem.refresh', 'upgrade_item', itemId),
    };
  },
  'POST /api/upgrades/cancel/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/cancel/${upgradeId}`,
      body: { comment: 'audit coverage' },
      expect: expected('upgrade.cancel', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgradeitems/cancel/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/cancel/${itemId}`,
      body: { comment: 'audit coverage' },
      expect: expected('upgradeitem.cancel', 'upgrade_item', itemId),
    };
  },
  'POST /api/upgrades/retry/:id': async () => {
    // A job that failed in Salesforce, as the monitor would have recorded it.
    const { upgradeId } = await scheduleOrg();
    await h.testDb.db.query(`UPDATE upgrade_job SET status = 'Failed' WHERE upgrade_id = $1`, [
      upgradeId,
    ]);
    return {
      method: 'POST',
      url: `/api/upgrades/retry/${upgradeId}`,
      body: {},
      expect: expected('upgrade.retry', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgrades/:id/failure-clusters/retry': async () => {
    // Failed jobs with their cluster key, as the monitor writes them.
    const { upgradeId } = await scheduleOrg();
    const key = failureKey('audit coverage');
    await h.testDb.db.query(
      `UPDATE upgrade_job SET status = 'Failed', message = 'audit coverage', failure_key = $2
        WHERE upgrade_id = $1`,
      [upgradeId, key],
    );
    return {
      method: 'POST',
      url: `/api/upgrades/${upgradeId}/failure-clusters/retry`,
      body: { key },
      expect: expected('upgrade.retry', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgrades/:id/failure-clusters/blacklist': async () => {
    const { upgradeId } = await scheduleOrg();
    const key = failureKey('audit coverage');
    await h.testDb.db.query(
      `UPDATE upgrade_job SET status = 'Failed', message = 'audit coverage', failure_key = $2
        WHERE upgrade_id = $1`,
      [upgradeId, key],
    );
    const group = await one<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ($1, 'Blacklist Group') RETURNING id::int AS id`,
      [`Cluster blacklist ${++transids}`],
    );
    return {
      method: 'POST',
      url: `/api/upgrades/${upgradeId}/failure-clusters/blacklist`,
      body: { key, groupId: group.id, reason: 'audit coverage' },
      expect: expected('orggroup.members.add', 'org_group', group.id),
    };
  },
  'POST /api/upgrades/purge': async () => {
    const { upgradeId } = await scheduleOrg();
    await send('POST', `/api/upgrades/cancel/${upgradeId}`, { comment: 'to purge' });
    return {
      method: 'POST',
      url: '/api/upgrades/purge',
      body: { upgradeIds: [upgradeId] },
      expect: expected('upgrade.purge', 'upgrade', upgradeId),
    };
  },
  'POST /api/admin/jobs/cancel': async () => {
    const jobId = await engine.start('fetch', {}, OPERATOR);
    return {
      method: 'POST',
      url: '/api/admin/jobs/cancel',
      body: { jobIds: [jobId] },
      expect: expected('job.cancel', 'admin_job', jobId),
    };
  },
  'PUT /api/packageorgs': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'PUT',
      url: '/api/packageorgs',
      body: { org_id: orgId, type: 'Package', description: 'Audited' },
      expect: expected('connected-org.edit', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/activation': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'POST',
      url: '/api/packageorgs/activation',
      body: { orgIds: [orgId], flag: true },
      expect: expected('connected-org.activate', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/refresh': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'POST',
      url: '/api/packageorgs/refresh',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.refresh', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/revoke': async () => {
    const orgId = await connectedOrg('Licenses');
    return {
      method: 'POST',
      url: '/api/packageorgs/revoke',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.revoke', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/delete': async () => {
    const orgId = await connectedOrg('Licenses');
    return {
      method: 'POST',
      url: '/api/packageorgs/delete',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.delete', 'connected_org', orgId),
    };
  },
};

async function groupNamed(name: string): Promise<number> {
  return (await one<{ id: number }>(`SELECT id::int AS id FROM org_group WHERE name = $1`, [name]))
    .id;
}

async function memberOf(group: number): Promise<string> {
  return (
    await one<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM org_group_member WHERE org_group_id = $1 LIMIT 1`,
      [group],
    )
  ).org_id;
}

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  await runJob(fetchAllJob(h.deps));
  // Jobs are queued and audited but never run here (no worker): the test is about the records.
  engine = await createJobEngine({
    db: h.testDb.db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'web',
    timing: FAST_TIMING,
    definitions: JOB_TYPES.map((type) => gated.definition(type, ['Working'], type)),
  });
  ({ app } = await startTestApp({
    testDb: h.testDb,
    deps: { jobs: engine, prebuilt: { gateway: h.gateway, secrets: h.secrets } },
  }));
  headers = {
    operator: await sessionHeaders(h.testDb.db, { username: OPERATOR }),
    other: await sessionHeaders(h.testDb.db, { username: OTHER }),
  };
}, 120_000);

afterAll(async () => {
  gated.openAll();
  await app?.close();
  await engine?.stop();
  await h?.close();
});

function changeRoutes(): string[] {
  return app.routeTable
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.url}`)
    .filter((name) => !name.startsWith('GET ') || CHANGING_GETS.has(name))
    .sort();
}

describe('every change route writes its audit row', () => {
  it('drives or names every change route, and names only existing ones', () => {
    const routes = changeRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const listed = new Set([...Object.keys(EXAMPLES), ...Object.keys(NOT_DRIVEN)]);
    expect(routes.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !routes.includes(name))).toEqual([]);
  });

  for (const [route, example] of Object.entries(EXAMPLES)) {
    it(route, async () => {
      const request = await example();
      const before = await lastAuditId();
      const response = await send(
        request.method,
        request.url,
        request.body,
        headers[request.as ?? 'operator'],
      );
      expect(response.statusCode, response.body).toBeLessThan(300);
      const written = await rows<Expected & { outcome: string }>(
        `SELECT actor, action, target_type, nullif(trim(target_id), '') AS target_id, outcome
           FROM audit_log WHERE id > $1 ORDER BY id`,
        [before],
      );
      const want = { ...request.expect, outcome: 'success' };
      // A created record's id is only known from the answer; the row must name it.
      if (want.target_id === null && want.target_type !== 'org') {
        const id = response.json<{ id?: number }>().id ?? null;
        want.target_id = id === null ? null : String(id);
      }
      expect(written).toEqual([want]);
    });
  }
});

describe('a change that fails midway leaves no success row', () => {
  const outcomes = (action: string, targetId: number) =>
    rows<{ outcome: string }>(
      `SELECT outcome FROM audit_log WHERE action = $1 AND trim(target_id) = $2 ORDER BY id`,
      [action, String(targetId)],
    ).then((found) => found.map((r) => r.outcome));

  it('a database error after Salesforce accepted the activation rolls the row back', async () => {
    const { upgradeId } = await scheduleOrg();
    await h.testDb.db.exec(`
      CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
      CREATE TRIGGER audit_test_refuse BEFORE UPDATE ON upgrade_item
        FOR EACH ROW EXECUTE FUNCTION audit_test_refuse();`);
    try {
      const response = await send('POST', `/api/upgrades/activate/${upgradeId}`, {}, headers.other);
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await h.testDb.db.exec(`
        DROP TRIGGER audit_test_refuse ON upgrade_item;
        DROP FUNCTION audit_test_refuse();`);
    }
    expect(await outcomes('upgrade.activate', upgradeId)).toEqual(['failed']);
    const upgrade = await one<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [
      upgradeId,
    ]);
    expect(upgrade.status).toBe('Ready');
  });

  it("Salesforce's refusal writes a 'failed' row and no success", async () => {
    const { upgradeId, itemId } = await scheduleOrg();
    // Salesforce cancels only requests that have not started.
    const item = await one<{ push_request_id: string; package_org_id: string }>(
      `SELECT trim(push_request_id) AS push_request_id, trim(package_org_id) AS package_org_id
         FROM upgrade_item WHERE id = $1`,
      [itemId],
    );
    // Activated in Salesforce and started there, while Pushboard still reads it as Pending.
    const conn = await h.gateway.connect(item.package_org_id);
    await conn.update('PackagePushRequest', [{ Id: item.push_request_id, Status: 'Pending' }]);
    h.sim.control.advance(2 * 86_400_000);
    await h.testDb.db.query(`UPDATE upgrade SET status = 'Active' WHERE id = $1`, [upgradeId]);
    await h.testDb.db.query(`UPDATE upgrade_item SET status = 'Pending' WHERE id = $1`, [itemId]);
    await h.testDb.db.query(`UPDATE upgrade_job SET status = 'Pending' WHERE item_id = $1`, [
      itemId,
    ]);
    const response = await send('POST', `/api/upgradeitems/cancel/${itemId}`, {
      comment: 'refused',
    });
    expect(response.statusCode).toBe(502);
    expect(await outcomes('upgradeitem.cancel', itemId)).toEqual(['failed']);
  });

  it('a rolled-back purge leaves its upgrades and only a failed row', async () => {
    const { upgradeId } = await scheduleOrg();
    await send('POST', `/api/upgrades/cancel/${upgradeId}`, { comment: 'to purge' });
    await h.testDb.db.exec(`
      CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
      CREATE TRIGGER audit_test_refuse BEFORE DELETE ON upgrade
        FOR EACH ROW EXECUTE FUNCTION audit_test_refuse();`);
    try {
      const response = await send('POST', '/api/upgrades/purge', { upgradeIds: [upgradeId] });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await h.testDb.db.exec(`
        DROP TRIGGER audit_test_refuse ON upgrade;
        DROP FUNCTION audit_test_refuse();`);
    }
    expect(await outcomes('upgrade.purge', upgradeId)).toEqual(['failed']);
    expect(await rows(`SELECT 1 FROM upgrade WHERE id = $1`, [upgradeId])).toHaveLength(1);
  });
});
