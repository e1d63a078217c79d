// The upgrade monitor takes an org's installed-version row before it writes the job that
// succeeded: a fetch takes them in that order (it writes installed versions, and migration 0024's
// triggers then write the jobs that keep a copy), so the two never wait on each other in a cycle.
// Checked on PostgreSQL with a second connection holding the installed-version row, as a fetch's
// page does: the monitor must wait for it before it has locked the job.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { writeJobs } from './reconcile-write';

const serverUrl = process.env.TEST_DATABASE_URL;
const SOURCE = '00D000000000000EAA';
const ORG = '00D000000000001AAA';
const PACKAGE = '033000000000001AAA';
const OLD = '04t000000000001AAA';
const NEW = '04t000000000002AAA';
const JOB = '0DV000000000001AAA';

describe.skipIf(!serverUrl)('the upgrade monitor and a fetch', () => {
  let test: TestDatabase;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: test.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db.exec(`
      INSERT INTO connected_org (org_id, name, instance_url, login_url, type, status)
        VALUES ('${SOURCE}', 'Packaging', 'https://p.example', 'https://login.example', 'Package', 'Connected');
      INSERT INTO package (sfid, package_id, name) VALUES ('${PACKAGE}', '${PACKAGE}', 'P');
      INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
        VALUES ('${OLD}', '${OLD}', '${PACKAGE}', '1.0', '0001.0000'),
               ('${NEW}', '${NEW}', '${PACKAGE}', '2.0', '0002.0000');
      INSERT INTO org (org_id, name) VALUES ('${ORG}', 'Acme');
      INSERT INTO org_package_version (org_id, package_id, version_id)
        VALUES ('${ORG}', '${PACKAGE}', '${OLD}');
      WITH u AS (INSERT INTO upgrade (description, start_time) VALUES ('push', now()) RETURNING id),
           i AS (INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id,
                                           scheduled_start_time, push_request_id)
                 SELECT u.id, '${SOURCE}', '${PACKAGE}', '${NEW}', now(), '0DT000000000001AAA'
                   FROM u RETURNING id, upgrade_id)
      INSERT INTO upgrade_job (upgrade_id, item_id, org_id, job_id, original_version_id, status)
        SELECT i.upgrade_id, i.id, '${ORG}', '${JOB}', '${OLD}', 'InProgress' FROM i;`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await test.drop();
  });

  it('waits for the installed version before it locks the job', async () => {
    const fetch = await connect();
    const monitor = await connect();
    const observer = await connect();
    await fetch.query('BEGIN');
    await fetch.query(
      'SELECT 1 FROM org_package_version WHERE org_id = $1 AND package_id = $2 FOR UPDATE',
      [ORG, PACKAGE],
    );

    await monitor.query('BEGIN');
    const tx = {
      query: (text: string, params?: unknown[]) => monitor.query(text, params),
      exec: (text: string) => monitor.query(text),
    };
    const writing = writeJobs(tx as never, {
      requests: [],
      jobs: [
        {
          Id: JOB,
          Status: 'Succeeded',
          PackagePushRequestId: '0DT000000000001AAA',
          SystemModstamp: new Date().toISOString(),
        },
      ],
      errors: new Map(),
    });
    // The monitor is waiting for the fetch's row lock…
    await expect
      .poll(
        async () =>
          (
            await observer.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND datname = current_database()`,
            )
          ).rows[0]?.n,
        { timeout: 5_000 },
      )
      .toBe(1);
    // …without holding the job, which the fetch's triggers would wait for next.
    await observer.query('BEGIN');
    await expect(
      observer.query('SELECT 1 FROM upgrade_job WHERE job_id = $1 FOR UPDATE NOWAIT', [JOB]),
    ).resolves.toBeTruthy();
    await observer.query('ROLLBACK');

    await fetch.query('COMMIT');
    await writing;
    await monitor.query('COMMIT');
    const { rows } = await test.db.query<{ status: string; current: string }>(
      'SELECT status, trim(current_version_id) AS current FROM upgrade_job WHERE job_id = $1',
      [JOB],
    );
    expect(rows).toEqual([{ status: 'Succeeded', current: NEW }]);
  });
});
