// The command line's rollout arguments without a console: --plan presets and files checked with
// the server's schema (a bad plan names its field and sends nothing), and the rollout as text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FAILURE_THRESHOLD_PERCENT, DEFAULT_SOAK_MINUTES, type Rollout } from '../domain';
import { UsageError } from './lists';
import { runCli, type CliIo } from './main';
import { parsePlanArg, previewWavesText, rolloutText } from './rollout';

const dir = mkdtempSync(join(tmpdir(), 'pushboard-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = (path: string) => readFileSync(path, 'utf8');

function planFile(name: string, plan: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof plan === 'string' ? plan : JSON.stringify(plan));
  return path;
}

describe('parsePlanArg', () => {
  it('reads the presets with the default gate', () => {
    const sandboxes = parsePlanArg('sandboxes-first', read);
    expect(sandboxes.waves.map((w) => w.selector.kind)).toEqual(['filter', 'rest']);
    expect(sandboxes.failureThresholdPercent).toBe(DEFAULT_FAILURE_THRESHOLD_PERCENT);
    expect(sandboxes.soakMinutes).toBe(DEFAULT_SOAK_MINUTES);
    const canary = parsePlanArg('canary:12', read);
    expect(canary.waves.map((w) => w.selector)).toEqual([
      { kind: 'group', groupId: 12 },
      { kind: 'percent', percent: 10 },
      { kind: 'percent', percent: 50 },
      { kind: 'rest' },
    ]);
    expect(() => parsePlanArg('canary:abc', read)).toThrow(/'abc' is not a group id/);
  });

  it('reads a JSON file and names the field the schema refuses', () => {
    const good = planFile('good.json', {
      waves: [
        { selector: { kind: 'group', groupId: 3 } },
        { selector: { kind: 'percent', percent: 25 }, start: 'person' },
        { selector: { kind: 'rest' } },
      ],
      failureThresholdPercent: 5,
      soakMinutes: 0,
    });
    const plan = parsePlanArg(good, read);
    expect(plan.waves[1]).toEqual({ selector: { kind: 'percent', percent: 25 }, start: 'person' });
    expect(plan.soakMinutes).toBe(0);

    const tooMuch = planFile('bad.json', {
      waves: [{ selector: { kind: 'rest' } }, { selector: { kind: 'percent', percent: 150 } }],
    });
    expect(() => parsePlanArg(tooMuch, read)).toThrow(UsageError);
    expect(() => parsePlanArg(tooMuch, read)).toThrow(/waves\.1\.selector\.percent: /);
    expect(() => parsePlanArg(tooMuch, read)).toThrow(
      /waves\.0\.selector: Only the last wave can take the rest/,
    );
    expect(() => parsePlanArg(planFile('text.json', '{waves'), read)).toThrow(/not JSON/);
    expect(() => parsePlanArg(join(dir, 'missing.json'), read)).toThrow(
      /neither a preset \(sandboxes-first, canary:<groupId>\) nor a readable file/,
    );
  });
});

function fakeIo(): CliIo & { outs: string[]; errs: string[] } {
  const outs: string[] = [];
  const errs: string[] = [];
  return {
    outs,
    errs,
    out: (text) => outs.push(text),
    err: (text) => errs.push(text),
    write: () => undefined,
    // A console nobody listens on: a call would fail, so a refused plan must send nothing.
    env: {
      PUSHBOARD_URL: 'http://127.0.0.1:9',
      PUSHBOARD_TOKEN: 'pbt_x',
      PUSHBOARD_CONFIG: join(dir, 'none.json'),
    },
    sleep: () => Promise.resolve(),
    tty: false,
  };
}

describe('runCli with a rollout', () => {
  it('refuses a bad plan before calling the console, naming the field', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const io = fakeIo();
    const bad = planFile('zero.json', { waves: [] });
    const code = await runCli(
      ['upgrades', 'schedule', '--group', '3', '--versions', '04t000000000001AAA', '--plan', bad],
      io,
    );
    expect(code).toBe(1);
    expect(io.errs.join('\n')).toMatch(/--plan .*zero\.json: waves: /);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('asks for the comment of resume and skip-wave and a wave number', async () => {
    const io = fakeIo();
    expect(await runCli(['upgrades', 'resume', '7'], io)).toBe(1);
    expect(io.errs.at(-1)).toMatch(/--comment is required/);
    expect(await runCli(['upgrades', 'start-wave', '7'], io)).toBe(1);
    expect(io.errs.at(-1)).toMatch(/wave must be a number/);
  });
});

const wave = (over: Partial<Rollout['waves'][number]>): Rollout['waves'][number] => ({
  wave: 1,
  label: 'Group Canary',
  start_mode: 'gate',
  state: 'Passed',
  org_count: 10,
  created_job_count: 0,
  pending_job_count: 0,
  inprogress_job_count: 0,
  succeeded_job_count: 10,
  failed_job_count: 0,
  canceled_job_count: 0,
  invalid_job_count: 0,
  ineligible_job_count: 0,
  pushed_org_count: 10,
  failed_org_count: 0,
  started_at: '2026-11-27T10:00:00.000Z',
  started_by: 'ada@example.com',
  ended_at: '2026-11-27T10:10:00.000Z',
  passed_at: '2026-11-27T10:40:00.000Z',
  halted_at: null,
  halt_reason: null,
  resumed_at: null,
  resumed_by: null,
  resume_comment: null,
  skipped_at: null,
  skipped_by: null,
  skip_comment: null,
  ...over,
});

describe('rollout text', () => {
  it('prints the waves as a table, the gate and the halt', () => {
    const text = rolloutText(
      {
        upgrade_id: 7,
        state: 'Halted',
        failure_threshold_percent: 2,
        soak_minutes: 30,
        gate: { wave: 2, kind: 'halt', reason: 'Wave 2 failed on 7 of 120 orgs', until: null },
        waves: [
          wave({}),
          wave({
            wave: 2,
            label: '10 % of the rest',
            state: 'Halted',
            org_count: 120,
            pushed_org_count: 120,
            failed_org_count: 7,
            succeeded_job_count: 113,
            failed_job_count: 7,
            halt_reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
          }),
          wave({ wave: 3, label: 'The rest', state: 'Waiting', start_mode: 'person' }),
        ],
      },
      7,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Upgrade 7: rollout Halted; halts over 2 % failed orgs, soaks 30 min between waves',
    );
    expect(lines[1]).toMatch(/^wave\s+label\s+state\s+start\s+orgs\s+failed\s+jobs$/);
    expect(lines[3]).toMatch(/^2\s+10 % of the rest\s+Halted\s+gate\s+120\s+7 of 120 \(5\.8 %\)/);
    expect(lines[4]).toMatch(/^3\s+The rest\s+Waiting\s+person/);
    expect(text).toContain('Wave 2 halted: Wave 2 failed on 7 of 120 orgs (5.8 %)');
    expect(rolloutText(null, 8)).toBe('Upgrade 8 has no rollout plan: every org goes at once.');
  });

  it('prints the preview waves with their first orgs and who is held', () => {
    expect(
      previewWavesText([
        {
          wave: 1,
          label: 'Environment: "Sandbox"',
          start_mode: 'gate',
          orgs: 3,
          held_from_previous: 0,
          sample: [
            { org_id: '00D000000000001AAA', org_name: 'Acme Sandbox', account_name: 'Acme' },
          ],
        },
        {
          wave: 2,
          label: 'The rest',
          start_mode: 'person',
          orgs: 9,
          held_from_previous: 2,
          sample: [],
        },
      ]),
    ).toEqual([
      'Wave 1 Environment: "Sandbox": 3 orgs',
      '  Acme Sandbox, and 2 more',
      'Wave 2 The rest: 9 orgs, 2 held from wave 1 (maintenance), started by a person',
    ]);
  });
});
