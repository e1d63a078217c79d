// Every change route writes its audit row (docs/security.md "Audit"): the test walks Fastify's
// route table and drives each change route with an example request that succeeds, against the
// simulator over HTTP and a database filled by a real fetch, then expects exactly one new audit row
// naming the actor, the action and the target. A change route that is neither driven here nor
// listed in NOT_DRIVEN (with the reason and the test that covers it) fails the test, so a new route
// must be added. The last tests prove atomicity: a change that fails midway (a database error after
// Salesforce accepted, or Salesforce's refusal) leaves no 'success' row.
import { describe, expect, it } from 'vitest';
import {
  h,
  app,
  headers,
  rows,
  one,
  lastAuditId,
  send,
  scheduleOrg,
  useAuditFixture,
  type Expected,
} from './testing/audit-fixture';
import { EXAMPLES } from './testing/audit-examples';

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

useAuditFixture();

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
