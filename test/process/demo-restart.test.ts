// A demo restarted on the same data folder, as a newcomer does it: `npm start`, wait for the first
// fetch, stop it, `npm start` again. The simulator lives in memory, so every token the database
// holds for its orgs dies with it; the demo connects its own orgs again at start, so the six orgs
// stay Connected with their data, Salesforce answers through them (no org turns Invalid), and the
// upgrade history, groups and saved filters are where they were. Sign-ins through the simulator
// end with it: the old session cookie is refused and signing in again works. An upgrade scheduled
// before the restart gets its push requests again in the new simulator and can be activated; one
// scheduled after it gets push request ids of its own, never the ids of the last run's requests.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { preselectedVersions } from '../../src/domain/eligibility';
import {
  cookieHeader,
  freePort,
  signInOverHttp,
  startConsole,
  type RunningConsole,
} from '../support/console-process';

const started: RunningConsole[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const running of started) await running.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Session {
  url: string;
  cookie: string;
}

async function signIn(url: string, username = 'admin@pushboard.demo'): Promise<Session> {
  const { callback, cookies } = await signInOverHttp(url, username);
  expect(callback.status).toBe(302);
  return { url, cookie: cookieHeader(cookies) };
}

async function call<T>(
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${session.url}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      accept: 'application/json',
      // The server's CSRF defence: changes need this header.
      ...(method === 'GET' ? {} : { 'x-requested-with': 'pushboard' }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

async function get<T>(session: Session, path: string): Promise<T> {
  const { status, json } = await call<T>(session, 'GET', path);
  expect(status, `GET ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

interface JobSummary {
  type: string;
  status: string;
  errors?: unknown[];
}
interface JobsReply {
  jobs: JobSummary[];
  queue: JobSummary[];
  history: { latest: JobSummary[] };
}

/**
 * Waits until no job runs or waits (the recurring upgrade and org monitors aside) and, when
 * `done` says so, a job of that type has completed: the first fetch of a first start, or the
 * upgrade monitor every start runs.
 */
async function waitForJobs(session: Session, done: string): Promise<JobsReply> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const jobs = await get<JobsReply>(session, '/api/admin/jobs');
    const finished = jobs.history.latest.some((j) => j.type === done && j.status === 'Complete');
    const busy = [...jobs.jobs, ...jobs.queue].filter(
      (j) => !['fetch-upgrades', 'monitor-orgs'].includes(j.type),
    );
    if (finished && busy.length === 0) return jobs;
    if (Date.now() > deadline) throw new Error(`Jobs did not settle: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface ConnectedOrg {
  org_id: string;
  name: string;
  type: string;
  status: string;
  status_reason: string | null;
  description: string | null;
}

const connectedOrgs = (session: Session) => get<ConnectedOrg[]>(session, '/api/packageorgs');

/** What a restart must keep: the data, the groups, the upgrade history and the saved filters. */
async function kept(session: Session) {
  const orgs = await get<{ total: number }>(session, '/api/orgs?page=1&pageSize=5');
  const licenses = await get<{ total: number }>(session, '/api/licenses?page=1&pageSize=5');
  const groups = await get<{ id: number; name: string }[]>(session, '/api/orggroups');
  const upgrades = await get<{ id: number; description: string }[]>(session, '/api/upgrades');
  const filters = await get<{ name: string }[]>(session, '/api/filters?key=OrgList');
  return {
    orgs: orgs.total,
    licenses: licenses.total,
    groups: groups.map((g) => g.name).sort(),
    upgrades: upgrades.map((u) => `${u.id} ${u.description}`).sort(),
    filters: filters.map((f) => f.name),
  };
}

/** Schedules the seeded Pilot group to the newest Verified version of each package. */
async function schedulePilot(session: Session, description: string) {
  const [pilot] = await get<{ id: number }[]>(session, '/api/orggroups?text=Pilot%20customers');
  const packages = await get<{ sfid: string }[]>(session, '/api/packages');
  const versions = await get<
    {
      version_id: string;
      package_id: string;
      version_number: string;
      version_sort: string;
      status: string | null;
    }[]
  >(session, `/api/packageversions?packageIds=${packages.map((p) => p.sfid).join(',')}`);
  const chosen = [...preselectedVersions(versions).values()].map((v) => v.version_id);
  const scheduled = await call<{ id: number; message?: string }>(
    session,
    'POST',
    `/api/orggroups/${pilot!.id}/upgrade`,
    {
      versions: chosen,
      scheduled_date: new Date(Date.now() + 3_600_000).toISOString(),
      description,
      transid: `${description}-${Date.now()}`,
    },
  );
  expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
  return { id: scheduled.json.id, pushRequests: await pushRequestsOf(session, scheduled.json.id) };
}

/** The push request ids of an upgrade's requests (every one has one). */
async function pushRequestsOf(session: Session, upgradeId: number): Promise<string[]> {
  const items = await get<{ id: number }[]>(session, `/api/upgradeitems?upgradeId=${upgradeId}`);
  expect(items.length).toBeGreaterThan(0);
  const pushRequests: string[] = [];
  for (const item of items) {
    const detail = await get<{ push_request_id: string | null }>(
      session,
      `/api/upgradeitems/${item.id}`,
    );
    expect(detail.push_request_id).toBeTruthy();
    pushRequests.push(detail.push_request_id!);
  }
  return pushRequests;
}

describe('a demo restarted on the same data folder', () => {
  it(
    'keeps every demo org Connected with its data, its history and working tokens',
    { timeout: 600_000 },
    async () => {
      // The simulator on the same port both times, as `npm start` runs it (SIM_PORT 5001): what
      // dies with it is its tokens, not its address.
      const env = { SIM_PORT: String(await freePort()) };
      // First start: the demo connects its orgs and fetches everything.
      const first = await startConsole(env, { keepDataDir: true });
      started.push(first);
      dataDir = first.dataDir;
      const before = await signIn(first.url);
      await waitForJobs(before, 'fetch-all');
      const orgsBefore = await connectedOrgs(before);
      expect(orgsBefore).toHaveLength(6);
      for (const org of orgsBefore) expect(org.status).toBe('Connected');
      const filter = await call<{ id: number }>(before, 'PUT', '/api/filters', {
        key: 'OrgList',
        name: 'Kept across restarts',
        query: [{ id: 'name', value: 'a' }],
      });
      expect(filter.status, JSON.stringify(filter.json)).toBe(200);
      const firstUpgrade = await schedulePilot(before, 'Before the restart');
      const keptBefore = await kept(before);
      expect(keptBefore.upgrades).toContain(`${firstUpgrade.id} Before the restart`);
      await first.stop();

      // Second start on the same folder.
      const second = await startConsole(env, { dataDir });
      started.push(second);
      // The simulator that signed this session in is gone, and so is the session.
      const stale = await call(
        { url: second.url, cookie: before.cookie },
        'GET',
        '/api/packageorgs',
      );
      expect(stale.status).toBe(401);
      const after = await signIn(second.url);
      // Every start runs the upgrade monitor through the packaging orgs.
      await waitForJobs(after, 'fetch-upgrades');

      const orgsAfter = await connectedOrgs(after);
      expect(
        orgsAfter.map(({ org_id, name, type, description }) => ({
          org_id,
          name,
          type,
          description,
        })),
      ).toEqual(
        orgsBefore.map(({ org_id, name, type, description }) => ({
          org_id,
          name,
          type,
          description,
        })),
      );
      for (const org of orgsAfter) {
        expect(org, org.name).toMatchObject({ status: 'Connected', status_reason: null });
      }
      // Salesforce answers through every one of them (Refresh reads each org's own record).
      const refreshed = await call(after, 'POST', '/api/packageorgs/refresh', {
        orgIds: orgsAfter.map((org) => org.org_id),
      });
      expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
      expect(await kept(after)).toEqual(keptBefore);

      // The upgrade scheduled before the restart has its push requests in the new simulator
      // (the start-up monitor created them again) and can be activated, by someone else than
      // its creator (the activation policy).
      const recreated = await pushRequestsOf(after, firstUpgrade.id);
      for (const id of recreated) expect(firstUpgrade.pushRequests).not.toContain(id);
      const operator = await signIn(second.url, 'operator@pushboard.demo');
      const activated = await call(operator, 'POST', `/api/upgrades/activate/${firstUpgrade.id}`);
      expect(activated.status, JSON.stringify(activated.json)).toBe(200);

      // Scheduling works too, with push requests that are new to the console.
      const secondUpgrade = await schedulePilot(after, 'After the restart');
      for (const id of secondUpgrade.pushRequests)
        expect([...firstUpgrade.pushRequests, ...recreated]).not.toContain(id);
      for (const org of await connectedOrgs(after)) expect(org.status, org.name).toBe('Connected');
    },
  );
});
