// The old console's fixture schema loads on a real PostgreSQL server and keeps the quirks the
// import must cope with (no foreign keys, group ids stored as text).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverUrl = process.env.TEST_DATABASE_URL;
const schema = readFileSync(
  new URL('../../../test/fixtures/old-console-schema.sql', import.meta.url),
  'utf8',
);

describe.skipIf(!serverUrl)('old console fixture schema', () => {
  const name = `old_console_test_${randomBytes(6).toString('hex')}`;
  let client: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(schema);
  });

  afterAll(async () => {
    await client?.end();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('accepts orphans and text-typed group ids, as the old console did', async () => {
    await client.query(
      `INSERT INTO org_group_member (org_group_id, org_id) VALUES (999, '00D000000000001')`,
    );
    await client.query(
      `INSERT INTO upgrade (parent_id, org_group_id, status) VALUES ('12', 'not-a-number', 'Active')`,
    );
    const { rows } = await client.query<{ org_group_id: string }>(
      'SELECT org_group_id FROM upgrade',
    );
    expect(rows).toEqual([{ org_group_id: 'not-a-number' }]);
    const fks = await client.query(`SELECT 1 FROM pg_constraint WHERE contype = 'f'`);
    expect(fks.rowCount).toBe(0);
  });

  it('refuses a second job with the same Salesforce job id', async () => {
    await client.query(`INSERT INTO upgrade_job (job_id) VALUES ('0Dt000000000001')`);
    await expect(
      client.query(`INSERT INTO upgrade_job (job_id) VALUES ('0Dt000000000001')`),
    ).rejects.toThrow(/duplicate key/);
  });
});
