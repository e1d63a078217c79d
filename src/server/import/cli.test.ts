// `npm run import`'s entry: arguments, exit codes and the printed report, against a generated
// old database and a fresh Pushboard database on PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { runImportCli } from './cli';
import { generateOldConsole, type GeneratedOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function run(argv: string[], env: Record<string, string | undefined>) {
  let out = '';
  let err = '';
  const code = await runImportCli(argv, {
    env,
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

describe('npm run import: arguments', () => {
  it('refuses a missing or non-postgres --from with the usage (exit 2)', async () => {
    const missing = await run([], {});
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--from must be the postgres:\/\/ URL/);
    expect((await run(['--from', 'mysql://x'], {})).code).toBe(2);
    expect((await run(['--from', 'postgres://x', '--batch-size', '0'], {})).code).toBe(2);
  });

  it('will not open the embedded database beside a running console (exit 1)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await run(['--from', 'postgres://old-host/pm'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'pushboard-import-')),
      });
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^Pushboard seems to be running \(PORT \d+ is in use\)/);
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!serverUrl)('npm run import', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;
  let target: TestDatabase;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
    target = await createTestDatabase();
    env = {
      DATABASE_URL: target.url,
      SECRET_KEY: 'cli-test-secret-key-0123456789abcdefgh',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pushboard-import-')),
    };
  });
  afterAll(async () => {
    await target?.drop();
    await old?.drop();
  });

  it('dry run by default: prints the report, writes nothing, exit 0', async () => {
    const result = await run(['--from', old.url, '--old-key', generated.oldKey], env);
    expect(result.code).toBe(0);
    expect(result.out).toContain('dry run: nothing written');
    expect(result.out).toMatch(/org_group_member → org_group_member\s+\d+\s+\d+/);
    expect(result.out).toContain('its upgrade does not exist in the old database (orphan)');
    const { rows } = await target.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM import_map',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('--apply imports, and a second --apply imports nothing (JSON report)', async () => {
    const first = await run(['--from', old.url, '--apply', '--json'], env);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.out) as { applied: boolean; tables: { imported: number }[] };
    expect(report.applied).toBe(true);
    expect(report.tables.reduce((sum, t) => sum + t.imported, 0)).toBeGreaterThan(100);
    const second = await run(['--from', old.url, '--apply', '--json'], env);
    const again = JSON.parse(second.out) as { tables: { imported: number }[] };
    expect(again.tables.every((t) => t.imported === 0)).toBe(true);
    const { rows } = await target.db.query<{ status: string; status_reason: string }>(
      `SELECT status, status_reason FROM connected_org ORDER BY org_id LIMIT 1`,
    );
    // Without --old-key every connected org needs a re-connect.
    expect(rows[0]).toEqual({
      status: 'Invalid',
      status_reason: 'Imported from the old console: sign in again to connect',
    });
  });

  it('refuses a database that is not the old console (exit 1)', async () => {
    const result = await run(['--from', target.url!], env);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Not the old console's database: no table package_org/);
  });
});
