// Black box: the console started as `npm start` starts it (demo mode, real sockets), signed in as
// a demo operator and fed bad input over raw HTTP: NUL and other control characters in a search
// term, a group name and an upgrade description, bodies that are not JSON, a page a million deep,
// a group named as a spreadsheet formula and then exported, and exports after signing in again.
// Nothing may answer 500; each refusal names its field. The console starts on a copy of the demo
// template (test/support/demo-template.ts), so the lists hold the demo's data at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signInOverHttp, type RunningConsole } from '../support/console-process';
import { startOnDemoTemplate } from '../support/start-on-demo-template';

const FORMULA = '=HYPERLINK("https://evil.example")';
/** Control characters PostgreSQL stores (everything but NUL), and a zero-width space. */
const CONTROLS = '\u0001\u0007\u001b[31m\u007f\u200b';
/** Orgs of the simulator's demo dataset. */
const DEMO_ORGS = [
  '00DKa0000004CGxMAM',
  '00D0q0000004CP2EAM',
  '00D9w0000004CXDEA2',
  '00D7Q0000004CNgUAM',
  '00D8c0000004CNfEAM',
];

let app: RunningConsole;
let cookie: string;

beforeAll(async () => {
  app = await startOnDemoTemplate();
  cookie = await signIn();
  await settled();
});

afterAll(async () => {
  await app?.stop();
});

async function signIn(): Promise<string> {
  const { cookies } = await signInOverHttp(app.url, 'admin@pushboard.demo');
  expect(cookies.pb_session).toBeDefined();
  return cookieHeader(cookies);
}

interface Jobs {
  jobs: unknown[];
  queue: unknown[];
  history: { latest: { type: string; status: string }[] };
}

/**
 * Waits until the first fetch (in the copied job history) is complete and the jobs the restart
 * itself starts have ended, so nothing changes the demo's data under the tests.
 */
async function settled(): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const answer = (await (await get('/api/admin/jobs')).json()) as Jobs;
    const fetched = answer.history.latest.some(
      (job) => job.type === 'fetch-all' && job.status === 'Complete',
    );
    if (fetched && answer.jobs.length === 0 && answer.queue.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Jobs still running: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const get = (path: string, as = cookie) => fetch(`${app.url}${path}`, { headers: { cookie: as } });

/** A change as the web app sends it: the CSRF header, our origin, a JSON (or given) body. */
const send = (method: string, path: string, body: string, type = 'application/json') =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      cookie,
      'x-requested-with': 'pushboard',
      origin: app.url,
      'content-type': type,
    },
    body,
  });

/** The answer's status and JSON body. */
async function answer(response: Promise<Response>) {
  const res = await response;
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the status alone is checked
  }
  return { status: res.status, json, text };
}

const nulRefusal = (field: string) => ({
  field,
  message: `${field}: must not contain a NUL character`,
  subject: 'Invalid Request',
});

interface InstalledVersion {
  version_sort: string;
  latest_version_id: string | null;
  latest_version_sort: string | null;
  license_status: string | null;
}

/** A version some demo org can be upgraded to, and that org. */
async function upgradeTarget(): Promise<{ orgId: string; versionId: string }> {
  for (const orgId of DEMO_ORGS) {
    const versions = (await (
      await get(`/api/orgs/${orgId}/versions`)
    ).json()) as InstalledVersion[];
    for (const version of versions) {
      const behind = (version.latest_version_sort ?? '') > version.version_sort;
      const licensed = version.license_status === 'Active' || version.license_status === 'Trial';
      if (version.latest_version_id && behind && licensed)
        return { orgId, versionId: version.latest_version_id };
    }
  }
  throw new Error('No demo org has an upgrade available');
}

describe('NUL and control characters', () => {
  it('refuses a NUL in a search term, a list filter and a path parameter with a 400 naming it', async () => {
    const search = await answer(get('/api/search?term=acme%00'));
    expect(search.status).toBe(400);
    expect(search.json).toEqual(nulRefusal('term'));
    const raw = await answer(get('/api/orgs?filters=%00'));
    expect(raw.status).toBe(400);
    expect(raw.json).toEqual(nulRefusal('filters'));
    // Escaped inside the filters' JSON, the NUL reaches the filter language, which refuses it.
    const filters = encodeURIComponent(JSON.stringify([{ id: 'name', value: 'a\u0000' }]));
    const list = await answer(get(`/api/orgs?filters=${filters}`));
    expect(list.status).toBe(400);
    expect(list.json).toMatchObject({ field: 'filters.name' });
    const org = await answer(get('/api/orgs/%00'));
    expect(org.status).toBe(400);
    expect(org.json).toEqual(nulRefusal('orgId'));
  });

  it('searches for other control characters without failing', async () => {
    const search = await answer(get(`/api/search?term=${encodeURIComponent(`acme${CONTROLS}`)}`));
    expect(search.status, search.text).toBe(200);
  });

  it('refuses a group name with a NUL, and keeps one with other control characters', async () => {
    const refused = await answer(
      send('PUT', '/api/orggroups', JSON.stringify({ name: 'Pilot\u0000', orgIds: [] })),
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(nulRefusal('name'));
    const name = `Pilot ${CONTROLS}`;
    const saved = await answer(send('PUT', '/api/orggroups', JSON.stringify({ name })));
    expect(saved.status, saved.text).toBe(200);
    const group = await answer(get(`/api/orggroups/${String(saved.json.id)}`));
    expect(group.json.name).toBe(name);
  });

  it('refuses an upgrade description with a NUL, and keeps one with other control characters', async () => {
    const { orgId, versionId } = await upgradeTarget();
    const schedule = (description: string, transid: string) =>
      answer(
        send(
          'POST',
          `/api/orgs/${orgId}/upgrade`,
          JSON.stringify({
            versions: [versionId],
            scheduled_date: new Date(Date.now() + 3_600_000).toISOString(),
            description,
            transid,
          }),
        ),
      );
    const refused = await schedule('Spring release\u0000', 'security-input-nul');
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(nulRefusal('description'));
    const description = `Spring release ${CONTROLS}`;
    const scheduled = await schedule(description, 'security-input-controls');
    expect(scheduled.status, scheduled.text).toBe(200);
    const upgrade = await answer(get(`/api/upgrades/${String(scheduled.json.id)}`));
    expect(upgrade.json.description).toBe(description);
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['text that is not JSON', '{"reason":', 'application/json', 400],
    ['a __proto__ key', '{"__proto__":{"admin":true}}', 'application/json', 400],
    ['an empty JSON body', '', 'application/json', 400],
    ['a content type the API does not take', '<cancel/>', 'application/xml', 415],
  ] as const)('answers %s naming body', async (_name, body, type, status) => {
    const refused = await answer(send('POST', '/api/upgradeitems/cancel/1', body, type));
    expect(refused.status, refused.text).toBe(status);
    expect(refused.json.field).toBe('body');
  });
});

describe('deep pages', () => {
  it('answers page=1000000 with a 400 that says how to narrow the list', async () => {
    const deep = await answer(get('/api/licenses?page=1000000'));
    expect(deep.status).toBe(400);
    expect(deep.json).toEqual({
      field: 'page',
      message:
        'page: pages are read at most 10,000 rows deep from either end of the list (page × pageSize); add a filter or sort the other way to reach these rows',
      subject: 'Invalid Request',
    });
  });

  it('still serves the last page the pager offers', async () => {
    const first = await answer(get('/api/licenses?pageSize=5'));
    const total = first.json.total as number;
    expect(total).toBeGreaterThan(100);
    const last = await answer(get(`/api/licenses?pageSize=5&page=${Math.ceil(total / 5)}`));
    expect(last.status).toBe(200);
    expect((last.json.rows as unknown[]).length).toBe(total - (Math.ceil(total / 5) - 1) * 5);
  });
});

describe('exports', () => {
  it('exports a group named as a formula as inert text', async () => {
    const saved = await answer(
      send('PUT', '/api/orggroups', JSON.stringify({ name: FORMULA, orgIds: [DEMO_ORGS[0]] })),
    );
    expect(saved.status, saved.text).toBe(200);
    const exported = await get(
      `/api/orggroups/${String(saved.json.id)}/members/export?columns=org_id,groups`,
    );
    expect(exported.status).toBe(200);
    const lines = (await exported.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('Org ID\tGroups');
    expect(lines[1]).toBe(`${DEMO_ORGS[0]}\t'${FORMULA}`);
    for (const line of lines) expect(line.split('\t')[1]).not.toMatch(/^\s*[=+\-@]/);
  });

  it('keeps counting exports against the user after signing in again', async () => {
    const exportOnce = (as: string) => get('/api/orgs/export?columns=org_id', as);
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await exportOnce(cookie);
      await response.arrayBuffer();
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    const again = await signIn();
    expect(again).not.toBe(cookie);
    const afterSignIn = await exportOnce(again);
    expect(afterSignIn.status).toBe(429);
    expect(((await afterSignIn.json()) as { message: string }).message).toMatch(
      /^Too many exports: at most 10 a minute/,
    );
  });

  it('never answered 500 to any of it', () => {
    expect(app.output()).not.toMatch(/"statusCode":5\d\d|request failed/);
  });
});
