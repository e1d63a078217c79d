// The `pushboard` command line against a console started as `npm start` starts it (demo mode),
// each command its own process through bin/pushboard.mjs, authenticated by personal API tokens
// made over HTTP: login stores the token for its owner only, lists read, a group gains orgs, an
// upgrade is previewed, scheduled, refused activation by its creator's token (the activation
// policy sees the token's owner), activated by another user's token and watched to its end, whose
// exit code says how it ended; its failures are retried; a list is exported; a bad token is a 401.
// The preview is asked with a staged rollout's plan (--plan) and lists its waves. The console
// starts on a copy of the demo template (test/support/demo-template.ts): the demo's data is there
// at once, where a first start waited for its first fetch.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preselectedVersions } from '../../src/domain/eligibility';
import { cookieHeader, signInOverHttp, type RunningConsole } from '../support/console-process';
import { startOnDemoTemplate } from '../support/start-on-demo-template';

const ROOT = join(import.meta.dirname, '..', '..');
let running: RunningConsole;
let home: string;
let operatorToken: string;
let adminToken: string;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'pushboard.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, PUSHBOARD_CONFIG: join(home, 'config.json'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function tokenFor(username: string, scope: 'read' | 'operate'): Promise<string> {
  const { callback, cookies } = await signInOverHttp(running.url, username);
  expect(callback.status).toBe(302);
  const made = await fetch(`${running.url}/api/tokens`, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(cookies),
      'x-requested-with': 'pushboard',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: `cli ${scope}`,
      scope,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  expect(made.status).toBe(200);
  return ((await made.json()) as { token: string }).token;
}

/** Checks the copied demo's data is served: the lists hold data and versions can be scheduled. */
async function waitForData(token: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const orgs = await fetch(`${running.url}/api/orgs?pageSize=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (orgs.ok && ((await orgs.json()) as { total: number }).total > 0) return;
    if (Date.now() > deadline) throw new Error('the demo has no data');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function api<T>(path: string, token = operatorToken): Promise<T> {
  const answer = await fetch(`${running.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'pushboard-cli-'));
  running = await startOnDemoTemplate({
    // The monitor reconciles every 2 s, so watching the upgrade does not wait on the default 30 s.
    JOB_SCHEDULES: JSON.stringify({ upgrade_monitor_interval_seconds: 2 }),
  });
  operatorToken = await tokenFor('operator@pushboard.demo', 'operate');
  adminToken = await tokenFor('admin@pushboard.demo', 'operate');
  await waitForData(operatorToken);
  // Up to the template's build deadline, when this file is the first to ask for it.
}, 300_000);
afterAll(async () => {
  await running?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('pushboard', () => {
  it('logs in with a token it checks first, and keeps it readable by its owner only', async () => {
    const bad = await cli(['login', '--url', running.url, '--token', 'pbt_nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('401 This API token is not known.');
    const login = await cli(['login', '--url', running.url, '--token', operatorToken]);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${running.url}`);
    expect(statSync(join(home, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('lists orgs as a table or JSON, with filters and sorting', async () => {
    const json = await cli(['orgs', 'list', '--page-size', '5', '--sort', 'name:desc', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const page = JSON.parse(json.stdout) as { rows: { name: string }[]; total: number };
    expect(page.rows).toHaveLength(5);
    const names = page.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const text = await cli(['orgs', 'list', '--page-size', '10']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^org_id\s+name\s+account_name/);
    const badFilter = await cli(['orgs', 'list', '--filter', 'nocolumn=x']);
    expect(badFilter.code).toBe(1);
    expect(badFilter.stderr).toMatch(/400/);
  });

  it('adds orgs to a group, then previews, schedules, activates and watches its upgrade', async () => {
    const groups = JSON.parse((await cli(['groups', 'list', '--json'])).stdout) as {
      id: number;
      name: string;
    }[];
    const pilot = groups.find((g) => g.name === 'Pilot customers')!;
    expect(pilot).toBeDefined();
    const orgs = await api<{ rows: { org_id: string }[] }>('/api/orgs?pageSize=5');
    const added = await cli([
      'groups',
      'add-orgs',
      String(pilot.id),
      orgs.rows[0]!.org_id,
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const members = await api<{ rows: { org_id: string }[] }>(
      `/api/orggroups/${pilot.id}/members?pageSize=100`,
    );
    expect(members.rows.map((m) => m.org_id)).toContain(orgs.rows[0]!.org_id);

    const packages = await api<{ sfid: string }[]>('/api/packages');
    const versions = await api<
      {
        version_id: string;
        package_id: string;
        version_number: string;
        version_sort: string;
        status: string | null;
      }[]
    >(`/api/packageversions?packageIds=${packages.map((p) => p.sfid).join(',')}`);
    const chosen = [...preselectedVersions(versions).values()].map((v) => v.version_id).join(',');
    const preview = await cli([
      'upgrades',
      'preview',
      '--group',
      String(pilot.id),
      '--versions',
      chosen,
      // A staged rollout's preview: each wave of the canary preset.
      '--plan',
      `canary:${pilot.id}`,
      '--json',
    ]);
    expect(preview.code, preview.stderr).toBe(0);
    const previewed = JSON.parse(preview.stdout) as {
      requests: { orgs: number }[];
      waves?: { wave: number; orgs: number }[];
    };
    expect(previewed.requests.reduce((sum, r) => sum + r.orgs, 0)).toBeGreaterThan(0);
    expect(previewed.waves?.map((w) => w.wave)).toEqual([1, 2, 3, 4]);

    const start = new Date(Date.now() + 5_000).toISOString();
    const scheduled = await cli([
      'upgrades',
      'schedule',
      '--group',
      String(pilot.id),
      '--versions',
      chosen,
      '--start',
      start,
      '--description',
      'From the CLI',
      '--json',
    ]);
    expect(scheduled.code, scheduled.stderr).toBe(0);
    const { id } = JSON.parse(scheduled.stdout) as { id: number };
    const plain = await cli(['upgrades', 'rollout', String(id)]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(`Upgrade ${id} has no rollout plan: every org goes at once.`);

    // The token's owner created it: the activation policy refuses them, as it would on the page.
    const own = await cli(['upgrades', 'activate', String(id)]);
    expect(own.code).toBe(1);
    expect(own.stderr).toContain('403');
    expect(own.stderr).toContain('someone other than its creator');
    const other = await cli(['upgrades', 'activate', String(id), '--json'], {
      PUSHBOARD_TOKEN: adminToken,
    });
    expect(other.code, other.stderr).toBe(0);

    const watched = await cli(['upgrades', 'watch', String(id), '--interval', '1']);
    const detail = await api<{
      status: string;
      failed_job_count: number;
      invalid_job_count: number;
    }>(`/api/upgrades/${id}`);
    expect(detail.status).toBe('Done');
    const failures = detail.failed_job_count + detail.invalid_job_count;
    expect(watched.code).toBe(failures > 0 ? 3 : 0);
    expect(watched.stderr).toMatch(/\[#{30}\] 100% {2}Done/);
    if (failures > 0) {
      const retry = await cli(['upgrades', 'retry-failed', String(id), '--json']);
      expect(retry.code, retry.stderr).toBe(0);
      expect((JSON.parse(retry.stdout) as { id: number }).id).toBeGreaterThan(id);
    }
  }, 180_000);

  it('exports a filtered list as tab-separated text', async () => {
    const exported = await cli(['export', 'orgs', '--filter', 'status="Installed"']);
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Org ID\t/);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('says how to use it when a command is wrong', async () => {
    const wrong = await cli(['upgrades', 'fly']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('unknown command: upgrades fly');
    expect(wrong.stderr).toContain('pushboard login --url');
  });
});
