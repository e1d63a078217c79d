// Connected-org changes over HTTP on the real app, the real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL) and the simulator as Salesforce: every action, every refusal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import { findConnectedOrg } from '../../db/repositories/connected-orgs';
import type { TestDatabase } from '../../db/test-database';
import { registerDemoOrgs } from '../../services/demo-orgs';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';
import { simulatorConfig } from '../testing/simulator-config';

let sim: RunningSimulator;
let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let operator: Record<string, string>;
let viewer: Record<string, string>;
let lmaId: string;
let packagingIds: string[];
const published: string[] = [];

async function connectDemoOrgs(): Promise<void> {
  const gateway = app.services.gateway;
  if (!gateway) throw new Error('no gateway');
  await registerDemoOrgs(
    { db: testDb.db, secrets: app.services.secrets, gateway, loginUrl: sim.url },
    sim.orgs.map((org) => ({
      kind: org.kind,
      orgId: org.orgId,
      username: org.users[0]?.username ?? '',
      password: 'demo',
    })),
  );
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
  ({ app, testDb, close } = await startTestApp({
    config: simulatorConfig(sim, { PUBLIC_URL: 'http://localhost:5998' }),
    deps: { secretKey: 'c'.repeat(64) },
  }));
  const publish = app.live.publish.bind(app.live);
  app.live.publish = (event, payload) => {
    published.push(event);
    publish(event, payload);
  };
  lmaId = sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '';
  packagingIds = sim.orgs.filter((org) => org.kind === 'packaging').map((org) => org.orgId);
  operator = await sessionHeaders(testDb.db);
  viewer = await sessionHeaders(testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
});
afterAll(async () => {
  await close?.();
  await sim.close();
});
beforeEach(async () => {
  // Every test starts from freshly connected demo orgs (earlier ones revoke and delete).
  await testDb.db.query('DELETE FROM connected_org');
  await connectDemoOrgs();
  published.length = 0;
});

const post = (url: string, payload: unknown, headers = operator) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });
const audits = async (action: string) =>
  (
    await testDb.db.query<{ actor: string; target_id: string; outcome: string }>(
      'SELECT actor, trim(target_id) AS target_id, outcome FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

describe('read-only users and bad input', () => {
  it.each([
    ['/api/packageorgs/refresh', { orgIds: [] }],
    ['/api/packageorgs/revoke', { orgIds: [] }],
    ['/api/packageorgs/delete', { orgIds: [] }],
    ['/api/packageorgs/activation', { orgIds: [], flag: true }],
  ])('%s refuses a read-only user with 403 before reading the body', async (url, body) => {
    const res = await post(url, body, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'You are only allowed to view information, not modify it.',
    });
  });

  it('the Edit save refuses a read-only user (403) and records the denial', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/packageorgs',
      headers: viewer,
      payload: { org_id: lmaId, type: 'Accounts', description: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect((await audits('connected-org.edit')).at(-1)).toMatchObject({ outcome: 'denied' });
    expect((await findConnectedOrg(testDb.db, lmaId))?.type).toBe('Licenses');
  });

  it.each(['refresh', 'revoke', 'delete'])(
    '%s: a bad org id is a 400 naming the field',
    async (verb) => {
      const res = await post(`/api/packageorgs/${verb}`, { orgIds: ['not-an-org'] });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ field: string }>().field).toBe('orgIds.0');
    },
  );

  it('an empty selection is a 400 naming orgIds', async () => {
    const res = await post('/api/packageorgs/refresh', { orgIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('orgIds');
  });

  it('an unknown connected org is a 404 and changes nothing', async () => {
    const res = await post('/api/packageorgs/delete', {
      orgIds: [lmaId, '00D000000000999'],
    });
    expect(res.statusCode).toBe(404);
    expect(await findConnectedOrg(testDb.db, lmaId)).toBeDefined();
  });

  it('the Edit save refuses fields an operator may not change', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/packageorgs',
      headers: operator,
      payload: { org_id: lmaId, type: 'Licenses', description: null, status: 'Connected' },
    });
    expect(res.statusCode).toBe(400);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/packageorgs',
      headers: operator,
      payload: { org_id: lmaId, type: 'Customers', description: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('type');
  });
});

describe('refresh', () => {
  it('re-reads name, namespace and instance from Salesforce and says so live', async () => {
    const id = packagingIds[0] ?? '';
    await testDb.db.query(
      `UPDATE connected_org SET name = 'Stale', namespace = NULL, refreshed_date = NULL WHERE org_id = $1`,
      [id],
    );
    const res = await post('/api/packageorgs/refresh', { orgIds: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orgIds: [id] });
    const row = await findConnectedOrg(testDb.db, id);
    const simOrg = sim.orgs.find((org) => org.orgId === id);
    expect(row?.name).toBe(simOrg?.name);
    expect(row?.namespace).toBe(simOrg?.namespace);
    expect(row?.refreshed_date).not.toBeNull();
    expect(published).toContain('package-orgs');
    expect((await audits('connected-org.refresh')).at(-1)).toMatchObject({
      target_id: id,
      outcome: 'success',
    });
  });

  it('refuses a connection that is not Connected (409) without calling Salesforce', async () => {
    await testDb.db.query(`UPDATE connected_org SET status = 'Invalid' WHERE org_id = $1`, [lmaId]);
    const before = sim.control.apiUsage(lmaId).used;
    const res = await post('/api/packageorgs/refresh', { orgIds: [lmaId] });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('This org is not connected.');
    expect(sim.control.apiUsage(lmaId).used).toBe(before);
    await testDb.db.query(`UPDATE connected_org SET status = 'Connected' WHERE org_id = $1`, [
      lmaId,
    ]);
  });
});

describe('revoke', () => {
  it('revokes the grant at Salesforce, then forgets the tokens and marks the org Invalid', async () => {
    const id = packagingIds[0] ?? '';
    const res = await post('/api/packageorgs/revoke', { orgIds: [id] });
    expect(res.statusCode).toBe(200);
    const row = await findConnectedOrg(testDb.db, id);
    expect(row).toMatchObject({
      status: 'Invalid',
      access_token_enc: null,
      refresh_token_enc: null,
    });
    expect(published).toContain('package-orgs');
    // Salesforce no longer honours the grant: a second revoke is refused as not Connected, and
    // the detail read still works.
    expect((await post('/api/packageorgs/revoke', { orgIds: [id] })).statusCode).toBe(409);
    const detail = await app.inject({ url: `/api/packageorgs/${id}`, headers: operator });
    // The row says why it needs connecting again.
    expect(detail.json()).toMatchObject({
      status: 'Invalid',
      status_reason: 'Revoked by operator@pushboard.demo.',
    });
  });

  it('the revoked refresh token is dead at Salesforce', async () => {
    const id = packagingIds[1] ?? '';
    const gateway = app.services.gateway;
    const row = await findConnectedOrg(testDb.db, id);
    const refresh = app.services.secrets.decrypt(row?.refresh_token_enc ?? '');
    expect((await post('/api/packageorgs/revoke', { orgIds: [id] })).statusCode).toBe(200);
    await expect(gateway?.oauth2(sim.url).refreshToken(refresh)).rejects.toThrow();
  });

  it('a Salesforce that cannot be reached leaves the org as it was (502)', async () => {
    const id = packagingIds[0] ?? '';
    await testDb.db.query(
      `UPDATE connected_org SET login_url = 'http://127.0.0.1:9' WHERE org_id = $1`,
      [id],
    );
    const res = await post('/api/packageorgs/revoke', { orgIds: [id] });
    expect(res.statusCode).toBe(502);
    expect((await findConnectedOrg(testDb.db, id))?.status).toBe('Connected');
    expect((await audits('connected-org.revoke')).at(-1)).toMatchObject({ outcome: 'failed' });
    await testDb.db.query(`UPDATE connected_org SET login_url = $2 WHERE org_id = $1`, [
      id,
      sim.url,
    ]);
  });
});

describe('delete', () => {
  it('removes the connections, revoking what still works, audited and announced', async () => {
    const ids = [packagingIds[0] ?? '', lmaId];
    const res = await post('/api/packageorgs/delete', { orgIds: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ orgIds: string[] }>().orgIds.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await findConnectedOrg(testDb.db, id)).toBeUndefined();
    expect(published).toContain('package-orgs');
    const trail = await audits('connected-org.delete');
    expect(trail.map((a) => a.target_id)).toEqual(expect.arrayContaining(ids));
  });
});

describe('activation', () => {
  it('deactivates and reactivates a packaging org and answers the updated org', async () => {
    const id = packagingIds[0] ?? '';
    const off = await post('/api/packageorgs/activation', { orgIds: [id], flag: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual([expect.objectContaining({ org_id: id, active: false })]);
    expect((await findConnectedOrg(testDb.db, id))?.active).toBe(false);
    expect(published).toContain('package-orgs');
    const on = await post('/api/packageorgs/activation', { orgIds: [id], flag: true });
    expect(on.json()).toEqual([expect.objectContaining({ org_id: id, active: true })]);
    expect((await audits('connected-org.deactivate')).at(-1)).toMatchObject({ target_id: id });
    expect((await audits('connected-org.activate')).at(-1)).toMatchObject({ target_id: id });
  });

  it('refuses an org that is not of type Package (409), changing none of the selection', async () => {
    const id = packagingIds[0] ?? '';
    const res = await post('/api/packageorgs/activation', { orgIds: [id, lmaId], flag: false });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain(
      'Only packaging orgs can be activated.',
    );
    expect((await findConnectedOrg(testDb.db, id))?.active).toBe(true);
  });

  it('a missing flag is a 400 naming it', async () => {
    const res = await post('/api/packageorgs/activation', { orgIds: [lmaId] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('flag');
  });
});

describe('edit', () => {
  it('saves type and description and answers the org', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/packageorgs',
      headers: operator,
      payload: { org_id: lmaId, type: 'Accounts', description: '  Our LMA  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ org_id: lmaId, type: 'Accounts', description: 'Our LMA' });
    expect(published).toContain('package-orgs');
    expect((await audits('connected-org.edit')).at(-1)).toMatchObject({ outcome: 'success' });
    await app.inject({
      method: 'PUT',
      url: '/api/packageorgs',
      headers: operator,
      payload: { org_id: lmaId, type: 'Licenses', description: null },
    });
    expect((await findConnectedOrg(testDb.db, lmaId))?.description).toBeNull();
  });
});

describe('no secret leaves the server', () => {
  it('no list, detail or change answer carries a token', async () => {
    const rows = await testDb.db.query<{ access_token_enc: string; refresh_token_enc: string }>(
      'SELECT access_token_enc, refresh_token_enc FROM connected_org',
    );
    const sealed = rows.rows.flatMap((r) => [r.access_token_enc, r.refresh_token_enc]);
    expect(sealed.length).toBeGreaterThan(0);
    const secrets = sealed.flatMap((value) => [value, app.services.secrets.decrypt(value)]);
    const answers = [
      await app.inject({ url: '/api/packageorgs', headers: operator }),
      await app.inject({ url: `/api/packageorgs/${lmaId}`, headers: operator }),
      await post('/api/packageorgs/refresh', { orgIds: [lmaId] }),
      await post('/api/packageorgs/activation', { orgIds: [packagingIds[0]], flag: true }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toMatch(/token_enc|access_token|refresh_token/);
    }
  });
});
