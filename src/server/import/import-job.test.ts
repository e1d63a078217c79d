// The import as a background job (the Administration page's start): it runs on the job engine,
// shows the report as its results, keeps the old database's URL and key sealed in its parameters,
// and a cancel between batches ends it Canceled with what was committed kept.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { JobEngine } from '../jobs/engine';
import { startTestEngine } from '../jobs/testing/test-jobs';
import { RecordingContext, runJob } from '../sync/testing/recording-context';
import { SecretBox } from '../secrets';
import { describeOldDatabase, importJobParams, importOldConsoleJob } from './import-job';
import { generateOldConsole, type GeneratedOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const secrets = new SecretBox('import-job-test-secret-key-0123456789abc');

describe('describeOldDatabase', () => {
  it('shows host and database, never the password', () => {
    expect(describeOldDatabase('postgres://pm:s3cret@db.example.com:5433/packagemanager')).toBe(
      'db.example.com:5433/packagemanager',
    );
    expect(describeOldDatabase('not a url')).toBe('the old console database');
  });
});

describe.skipIf(!serverUrl)('the import-old-console job', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;
  let target: TestDatabase;
  let engine: JobEngine;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
    target = await createTestDatabase();
    engine = await startTestEngine(target.db, [importOldConsoleJob({ db: target.db, secrets })]);
  });
  afterAll(async () => {
    await engine?.stop();
    await target?.drop();
    await old?.drop();
  });

  it('is canceled between batches, keeping what was committed', async () => {
    const context = new RecordingContext();
    const job = importOldConsoleJob({ db: target.db, secrets, batchSize: 5 });
    const params = importJobParams(secrets, { from: old.url, apply: true });
    let batches = 0;
    const original = context.throwIfCanceled.bind(context);
    context.throwIfCanceled = () => {
      if (++batches === 4) context.controller.abort();
      original();
    };
    await expect(runJob(job, params, context)).rejects.toThrow();
    const { rows } = await target.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM import_map',
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // The report of what was done before the cancel, and how to go on.
    expect(context.results[0]?.details?.join('\n')).toContain('run the import again to resume');
  });

  it('runs on the engine, resumes, and reports as its results', async () => {
    const params = importJobParams(secrets, {
      from: old.url,
      oldKey: generated.oldKey,
      apply: true,
    });
    expect(JSON.stringify(params)).not.toContain(generated.oldKey);
    expect(JSON.stringify(params)).not.toContain(old.url);
    const jobId = await engine.start('import-old-console', params, 'admin@example.com');
    await vi.waitFor(
      async () => expect((await findJob(target.db, jobId))?.status).toBe('Complete'),
      { timeout: 30_000, interval: 100 },
    );
    const job = (await engine.snapshot()).history.all.find((j) => j.id === jobId);
    expect(job?.name).toMatch(/^Import from the old console \(127\.0\.0\.1:5432\/old_console_/);
    expect(job?.results[0]?.message).toBe('Import from the old console (applied)');
    expect(job?.results[0]?.details?.join('\n')).toMatch(/upgrade_job → upgrade_job\s+\d+/);
    const { rows } = await target.db.query<{ n: number; m: number }>(
      `SELECT (SELECT count(*)::int FROM upgrade_job) AS n,
              (SELECT count(*)::int FROM import_map WHERE source_table = 'upgrade_job') AS m`,
    );
    expect(rows[0]!.n).toBe(rows[0]!.m);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
