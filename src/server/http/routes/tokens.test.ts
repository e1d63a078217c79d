// Personal API tokens over real HTTP: made from a session and shown once, kept only as a hash,
// used as a bearer on any spelling of an /api route without cookie or CSRF header, scoped, always
// expiring, revocable by their owner and by an admin access key session, counted per minute, and
// never able to make or revoke tokens themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken, CreatedToken } from '../../../domain';
import { sessionHeaders } from '../test-session';
import { listenLocally } from '../testing/listen-locally';
import { pathSpellings } from '../testing/path-spellings';
import { startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let base: string;
let operator: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_TOKEN_PER_MINUTE: '20' } });
  base = (await listenLocally(t.app)).url;
  operator = await sessionHeaders(t.testDb.db, { username: 'ops@example.com' });
  viewer = await sessionHeaders(t.testDb.db, { username: 'viewer@example.com', readOnly: true });
  admin = await sessionHeaders(t.testDb.db, { username: 'admin', authMethod: 'admin-key' });
}, 60_000);
afterAll(() => t?.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: parsed(text) };
}

/** The answer's JSON, or its text when it is not JSON (the web app's page for an odd spelling). */
function parsed(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { text };
  }
}

async function makeToken(
  headers: Record<string, string>,
  scope: 'read' | 'operate',
  name = `script ${scope}`,
): Promise<CreatedToken> {
  const made = await call('POST', '/api/tokens', headers, { name, scope, expires_at: inDays(30) });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json as unknown as CreatedToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal API tokens', () => {
  it('are shown once and kept only as a hash', async () => {
    const made = await makeToken(operator, 'operate');
    expect(made.token).toMatch(/^pbt_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ scope: 'operate', status: 'active', username: 'ops@example.com' });
    expect(made.token.startsWith(made.hint)).toBe(true);
    const { rows } = await t.testDb.db.query<Record<string, unknown>>(
      'SELECT * FROM api_token WHERE id = $1',
      [made.id],
    );
    expect(JSON.stringify(rows)).not.toContain(made.token);
    const listed = await call('GET', '/api/tokens', operator);
    expect(JSON.stringify(listed.json)).not.toContain(made.token);
    expect((listed.json as unknown as ApiToken[]).map((r) => r.id)).toContain(made.id);
  });

  it('open every spelling of an /api route without cookie or CSRF header, as their owner', async () => {
    const made = await makeToken(operator, 'operate');
    // Whichever spelling the router accepts opens with the token exactly as with the session.
    for (const { path } of pathSpellings('/api/orgs')) {
      const withSession = (await call('GET', path, operator)).status;
      expect((await call('GET', path, bearer(made.token))).status, path).toBe(withSession);
      expect((await call('GET', path, {})).status, path).not.toBe(200);
    }
    expect((await call('GET', '/%61pi/orgs', bearer(made.token))).status).toBe(200);
    const saved = await call('PUT', '/api/filters', bearer(made.token), {
      key: 'OrgList',
      name: 'From a script',
      query: [{ id: 'name', value: 'acme' }],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const { rows } = await t.testDb.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'savedfilter.create' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.actor).toBe('ops@example.com');
    // Reads are on record too, as the owner, naming the route and the token.
    const reads = await t.testDb.db.query<{ actor: string; target_id: string; token: number }>(
      `SELECT actor, target_id, (details->>'token_id')::int AS token FROM audit_log
        WHERE action = 'token.read' AND (details->>'token_id')::int = $1 ORDER BY id`,
      [made.id],
    );
    expect(reads.rows[0]).toEqual({
      actor: 'ops@example.com',
      target_id: '/api/orgs',
      token: made.id,
    });
    const listed = (await call('GET', '/api/tokens', operator)).json as unknown as ApiToken[];
    expect(listed.find((r) => r.id === made.id)?.last_used_at).not.toBeNull();
  });

  it('of scope read change nothing; a read-only user makes read tokens only', async () => {
    const read = await makeToken(operator, 'read');
    const refused = await call('PUT', '/api/filters', bearer(read.token), {
      key: 'OrgList',
      name: 'Nope',
      query: [],
    });
    expect(refused.status).toBe(403);
    expect((await call('GET', '/api/orgs', bearer(read.token))).status).toBe(200);
    const operate = await call('POST', '/api/tokens', viewer, {
      name: 'x',
      scope: 'operate',
      expires_at: inDays(5),
    });
    expect(operate.status).toBe(403);
    expect(operate.json.message).toBe('A read-only user can make read tokens only.');
    await makeToken(viewer, 'read');
  });

  it('need a name and an expiry within a year, and are made only from a session', async () => {
    const bad = [
      [{ name: 'x', scope: 'read' }, 'expires_at'],
      [{ name: 'x', scope: 'read', expires_at: inDays(-1) }, 'expires_at'],
      [{ name: 'x', scope: 'read', expires_at: inDays(366) }, 'expires_at'],
      [{ name: ' ', scope: 'read', expires_at: inDays(1) }, 'name'],
      [{ name: 'x', scope: 'admin', expires_at: inDays(1) }, 'scope'],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await call('POST', '/api/tokens', operator, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.json.field)).toContain(field);
    }
    const { cookie: _cookie, ...csrfOnly } = operator;
    expect(
      (
        await call('POST', '/api/tokens', csrfOnly, {
          name: 'x',
          scope: 'read',
          expires_at: inDays(1),
        })
      ).status,
    ).toBe(401);
    const made = await makeToken(operator, 'operate');
    const minted = await call('POST', '/api/tokens', bearer(made.token), {
      name: 'successor',
      scope: 'operate',
      expires_at: inDays(30),
    });
    expect(minted.status).toBe(403);
    expect((await call('DELETE', `/api/tokens/${made.id}`, bearer(made.token))).status).toBe(403);
  });

  it('answer 401 at once when revoked, expired or unknown, saying which', async () => {
    const made = await makeToken(operator, 'operate');
    const other = await makeToken(viewer, 'read');
    expect((await call('DELETE', `/api/tokens/${other.id}`, operator)).status).toBe(404);
    const revoked = await call('DELETE', `/api/tokens/${made.id}`, operator);
    expect(revoked.json).toMatchObject({ status: 'revoked', revoked_by: 'ops@example.com' });
    const refused = await call('GET', '/api/orgs', bearer(made.token));
    expect(refused).toMatchObject({
      status: 401,
      json: { message: 'This API token was revoked.' },
    });

    const old = await makeToken(operator, 'read');
    await t.testDb.db.query(
      `UPDATE api_token SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [old.id],
    );
    expect((await call('GET', '/api/orgs', bearer(old.token))).json.message).toBe(
      'This API token has expired.',
    );
    for (const token of ['pbt_nope', 'nonsense', `${made.token}x`]) {
      expect((await call('GET', '/api/orgs', bearer(token))).status).toBe(401);
    }
    // The metrics bearer is another secret: a token header never opens or closes /metrics.
    expect((await call('GET', '/metrics', bearer(other.token))).status).toBe(404);
  });

  it('are all listed and revocable by an admin access key session only', async () => {
    const mine = await makeToken(viewer, 'read');
    expect((await call('GET', '/api/admin/tokens', operator)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/tokens/${mine.id}`, operator)).status).toBe(403);
    const all = (await call('GET', '/api/admin/tokens', admin)).json as unknown as ApiToken[];
    expect(new Set(all.map((r) => r.username))).toEqual(
      new Set(['ops@example.com', 'viewer@example.com']),
    );
    const revoked = await call('DELETE', `/api/admin/tokens/${mine.id}`, admin);
    expect(revoked.json).toMatchObject({ status: 'revoked', revoked_by: 'admin' });
    const { rows } = await t.testDb.db.query<Record<string, unknown>>(
      `SELECT actor, target_type, trim(target_id) AS target_id, outcome, details->>'owner' AS owner
         FROM audit_log WHERE action = 'token.revoke' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({
      actor: 'admin',
      target_type: 'api_token',
      target_id: String(mine.id),
      outcome: 'success',
      owner: 'viewer@example.com',
    });
    expect((await call('GET', '/api/orgs', bearer(mine.token))).status).toBe(401);
  });

  it('are described in the OpenAPI document as a bearer scheme', async () => {
    const document = (await call('GET', '/api/docs', {})).json as {
      components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
      security?: unknown[];
      paths?: Record<string, unknown>;
    };
    expect(document.components?.securitySchemes?.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.security).toEqual([{ sessionCookie: [] }, { apiToken: [] }]);
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining(['/api/tokens', '/api/tokens/{id}', '/api/admin/tokens']),
    );
  });

  it('are counted per minute', async () => {
    const made = await makeToken(operator, 'read');
    const statuses: number[] = [];
    // 20 a minute: 41 calls overflow it even when a new minute begins during the loop.
    for (let i = 0; i < 41; i++) {
      statuses.push((await call('GET', '/api/tokens', bearer(made.token))).status);
    }
    expect(statuses).toContain(429);
    const refused = await call('GET', '/api/orgs', bearer(made.token));
    if (refused.status === 429) {
      expect(String(refused.json.message)).toMatch(
        /^Too many calls with this API token: at most 20 a minute/,
      );
    }
  });
});
