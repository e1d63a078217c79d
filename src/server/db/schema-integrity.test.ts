// The schema after every migration, read from the catalog (weakness 35 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces"): that console had no foreign
// keys, integer ids kept in varchar columns (upgrade.parent_id, org_group_id), a filter table
// without a primary key, and narrow columns (license.instance 6, package_org.instance_name 8,
// namespace 16) that made inserts fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_OUTCOMES,
  CONNECTED_ORG_STATUSES,
  CONNECTED_ORG_TYPES,
  JOB_STATUSES,
  ORG_GROUP_TYPES,
  ORG_STATUSES,
  PACKAGE_VERSION_STATUSES,
  UPGRADE_STATUSES,
} from '../../domain';
import { createTestDatabase, type TestDatabase } from './test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  domain_name: string | null;
  character_maximum_length: number | null;
}

async function columns(): Promise<Column[]> {
  const { rows } = await testDb.db.query<Column>(
    `SELECT c.table_name, c.column_name, c.data_type, c.domain_name, c.character_maximum_length
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY 1, 2`,
  );
  return rows;
}

/** Single-column foreign keys: "table.column" → "referenced_table.column". */
async function foreignKeys(): Promise<Map<string, string>> {
  const { rows } = await testDb.db.query<{ source: string; target: string }>(
    `SELECT rel.relname || '.' || att.attname AS source,
            ref.relname || '.' || refatt.attname AS target
       FROM pg_constraint k
       JOIN pg_class rel ON rel.oid = k.conrelid
       JOIN pg_class ref ON ref.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = rel.relnamespace
       JOIN pg_attribute att ON att.attrelid = k.conrelid AND att.attnum = k.conkey[1]
       JOIN pg_attribute refatt ON refatt.attrelid = k.confrelid AND refatt.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  return new Map(rows.map((row) => [row.source, row.target]));
}

/** The values a column's CHECK (column IN (…)) allows, read back from the catalog. */
async function checkedValues(table: string, column: string): Promise<string[]> {
  const { rows } = await testDb.db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
      WHERE k.contype = 'c' AND k.conrelid = $1::regclass AND a.attname = $2`,
    [table, column],
  );
  expect(rows, `${table}.${column} has one CHECK`).toHaveLength(1);
  return [...rows[0]!.definition.matchAll(/'((?:[^']|'')*)'::text/g)]
    .map((match) => match[1]!.replace(/''/g, "'"))
    .sort();
}

/** Columns whose CHECK must allow exactly the vocabulary the domain names for them. */
const VOCABULARIES: Record<string, readonly string[]> = {
  'connected_org.status': CONNECTED_ORG_STATUSES,
  'connected_org.type': CONNECTED_ORG_TYPES,
  'org.status': ORG_STATUSES,
  'org_group.type': ORG_GROUP_TYPES,
  'package_version.status': PACKAGE_VERSION_STATUSES,
  'upgrade.status': UPGRADE_STATUSES,
  'upgrade_item.status': JOB_STATUSES,
  'upgrade_job.status': JOB_STATUSES,
  'audit_log.outcome': AUDIT_OUTCOMES,
};

const key = (c: Column) => `${c.table_name}.${c.column_name}`;
const isIdColumn = (c: Column) => c.column_name === 'id' || c.column_name.endsWith('_id');
const isSalesforceId = (c: Column) => c.domain_name === 'sf_id' || c.domain_name === 'sf_org_id';
const isInteger = (c: Column) => c.data_type === 'bigint' || c.data_type === 'integer';

/** Text id columns that hold no local row number, with why. */
const TEXT_IDS: Record<string, string> = {
  'admin_job.id': "pg-boss's job id, a UUID",
  'admin_job.worker_id': 'the name of the process that claimed the job',
  'audit_log.target_id':
    'the target of any audited change: an org id, a group number, a connected org… (a log, no join)',
  'instance_maintenance.maintenance_id': "the Trust API's id of a maintenance, not a record id",
  'schema_migration.id': 'the migration file name, e.g. 0001_initial',
  'webhook_delivery.id':
    'a UUID sent to receivers as the Pushboard-Delivery header: unguessable and unique across installations, so a receiver can drop a repeated delivery',
};

/** Integer columns ending in _id that are not references, with why. */
const UNREFERENCED_INTEGER_IDS: Record<string, string> = {};

describe('schema integrity', () => {
  it('reads a full schema', async () => {
    const tables = new Set((await columns()).map((c) => c.table_name));
    expect(tables.size).toBeGreaterThan(20);
    for (const table of ['upgrade', 'upgrade_item', 'upgrade_job', 'org_group', 'saved_filter']) {
      expect(tables, table).toContain(table);
    }
  });

  it('gives every table a primary key (the saved-filter table had none)', async () => {
    const { rows } = await testDb.db.query<{ table_name: string }>(
      `SELECT c.relname AS table_name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p')`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps local row numbers in integer columns and Salesforce ids in their 18-character type', async () => {
    const wrong = (await columns())
      .filter(isIdColumn)
      .filter((c) => !isInteger(c) && !isSalesforceId(c) && !TEXT_IDS[key(c)])
      .map((c) => `${key(c)} is ${c.domain_name ?? c.data_type}`);
    expect(wrong).toEqual([]);
  });

  it('references every local row by a foreign key (upgrade.parent_id and org_group_id had none)', async () => {
    const keys = await foreignKeys();
    const missing = (await columns())
      .filter((c) => c.column_name !== 'id' && c.column_name.endsWith('_id') && isInteger(c))
      .filter((c) => !keys.has(key(c)) && !UNREFERENCED_INTEGER_IDS[key(c)])
      .map(key);
    expect(missing).toEqual([]);
    expect(keys.get('upgrade.parent_id')).toBe('upgrade.id');
    expect(keys.get('upgrade.org_group_id')).toBe('org_group.id');
    expect(keys.get('upgrade_job.item_id')).toBe('upgrade_item.id');
    expect(keys.get('org_group_member.org_group_id')).toBe('org_group.id');
  });

  it('has no width-limited text: free text is text, fixed widths are only the checked id types', async () => {
    const limited = (await columns())
      .filter((c) => c.character_maximum_length !== null && !isSalesforceId(c))
      .map((c) => `${key(c)} ${c.data_type}(${c.character_maximum_length})`);
    expect(limited).toEqual([]);
  });

  it('stores long instance names and namespaces (weakness 35: columns too narrow)', async () => {
    const instance = 'USA1234S-very-long-hyperforce-pod-name';
    const namespace = 'a_very_long_namespace_prefix';
    await testDb.db.query(
      `INSERT INTO org (org_id, name, instance) VALUES ('00D000000000777AAA', 'Wide', $1)`,
      [instance],
    );
    await testDb.db.query(
      `INSERT INTO connected_org
         (org_id, name, type, status, namespace, instance_name, instance_url, login_url)
       VALUES ('00D000000000778AAA', 'Wide packaging', 'Package', 'Connected', $1, $2,
               'https://x.my.salesforce.com', 'https://login.salesforce.com')`,
      [namespace, instance],
    );
    const { rows } = await testDb.db.query<{ instance: string; namespace: string }>(
      `SELECT o.instance, c.namespace FROM org o, connected_org c
        WHERE o.org_id = '00D000000000777AAA' AND c.org_id = '00D000000000778AAA'`,
    );
    expect(rows).toEqual([{ instance, namespace }]);
  });

  it('allows in each status and type column exactly the values the domain names', async () => {
    for (const [column, values] of Object.entries(VOCABULARIES)) {
      const [table, name] = column.split('.') as [string, string];
      expect(await checkedValues(table, name), column).toEqual([...values].sort());
    }
  });

  it('refuses an integer id in a text form and a dangling parent upgrade', async () => {
    await expect(
      testDb.db.query(
        `INSERT INTO upgrade (parent_id, description, start_time) VALUES ('abc', 'x', now())`,
      ),
    ).rejects.toThrow(/bigint|invalid input/i);
    await expect(
      testDb.db.query(
        `INSERT INTO upgrade (parent_id, description, start_time) VALUES (987654, 'x', now())`,
      ),
    ).rejects.toThrow(/foreign key/i);
  });
});
