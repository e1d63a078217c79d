// An import killed mid-way (SIGKILL of the `npm run import` process, no chance to clean up)
// resumes on the next run and ends with the same result as an import never interrupted.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { SecretBox } from '../secrets';
import { runImport } from './run-import';
import { generateOldConsole, type GeneratedOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';
import { importSnapshot, seedPackageVersions } from './testing/import-snapshot';

const serverUrl = process.env.TEST_DATABASE_URL;
const SCRIPT = new URL('../../../scripts/import.mjs', import.meta.url).pathname;
const SECRET_KEY = 'kill-test-secret-key-0123456789abcdefgh';

/** Runs the command; with `kill`, kills it with SIGKILL once stderr shows a progress line. */
function run(args: string[], env: Record<string, string>, kill: boolean): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (kill && chunk.toString().includes('rows read')) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve(signal));
  });
}

describe.skipIf(!serverUrl)('an import killed mid-way', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;
  let killed: TestDatabase;
  let straight: TestDatabase;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
    killed = await createTestDatabase();
    straight = await createTestDatabase();
    for (const db of [killed, straight]) await seedPackageVersions(db.db, generated.lmaVersions);
  });
  afterAll(async () => {
    await killed?.drop();
    await straight?.drop();
    await old?.drop();
  });

  it('resumes and ends as an uninterrupted import', { timeout: 120_000 }, async () => {
    const env = {
      DATABASE_URL: killed.url!,
      SECRET_KEY,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pushboard-kill-')),
    };
    const args = ['--from', old.url, '--apply', '--batch-size', '1'];
    const signal = await run(args, env, true);
    expect(signal).toBe('SIGKILL');
    const { rows } = await killed.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM import_map',
    );
    const partly = rows[0]!.n;
    expect(partly).toBeGreaterThan(0);

    expect(await run(['--from', old.url, '--apply'], env, false)).toBeNull();
    const report = await runImport({
      from: old.pool,
      target: straight.db,
      apply: true,
      secrets: new SecretBox(SECRET_KEY),
    });
    expect(report.failure).toBeUndefined();
    const after = await importSnapshot(killed.db);
    expect(partly).toBeLessThan(after.import_map!.length);
    expect(after).toEqual(await importSnapshot(straight.db));
  });
});
