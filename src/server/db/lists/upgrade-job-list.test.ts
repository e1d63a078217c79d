// An upgrade's jobs sorted and filtered by status, original version and instance: status is read
// one value at a time from the values its CHECK constraint names, versions and instances one key
// at a time (upgrade-sources.ts). Each page must be the slice of one full ORDER BY of the same
// rows, from the start, deep and from the end; another upgrade's jobs never in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, UPGRADE_JOB_LIST, type SortKey } from '../../../domain';
import { listPage } from '../../services/lists/list-service';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { expectPagesAreSlices, pageQuery, shapeName } from './testing/page-slices';
import { UPGRADE_JOB_SOURCE, upgradeJobScope } from './upgrade-sources';

let testDb: TestDatabase;
let upgradeId = 0;

const SOURCE = '00D000000000000EAA';
const PACKAGE = '033000000000001AAA';
// 10.0 sorts after 2.0; one job in seven has no original version.
const VERSIONS = [
  { id: '04t000000000010AAA', number: '10.0', sort: '0010.0000' },
  { id: '04t000000000002AAA', number: '2.0', sort: '0002.0000' },
];
const STATUSES = ['Succeeded', 'Failed', 'Pending', 'Ineligible', 'Succeeded'];
const INSTANCES = ['NA1', 'EU5', null];
// More jobs than an exact count, so that pages are walked in sort order.
const JOBS = 12_000;
const PAGE_SIZE = 10;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  await db.query(
    `INSERT INTO connected_org (org_id, name, instance_url, login_url, type, status)
     VALUES ($1, 'Packaging', 'https://p.example', 'https://login.example', 'Package', 'Connected')`,
    [SOURCE],
  );
  await db.query(`INSERT INTO package (sfid, package_id, name) VALUES ($1, $1, 'P')`, [PACKAGE]);
  for (const v of VERSIONS) {
    await db.query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
       VALUES ($1, $1, $2, $3, $4)`,
      [v.id, PACKAGE, v.number, v.sort],
    );
  }
  await db.query(
    `INSERT INTO org (org_id, name, instance)
     SELECT '00D' || lpad(i::text, 15, '0'), 'Org ' || i, ($2::text[])[1 + i % 3]
       FROM generate_series(1, $1::int) i`,
    [JOBS, INSTANCES],
  );
  const ids: number[] = [];
  for (const description of ['this one', 'another']) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO upgrade (description, start_time) VALUES ($1, now()) RETURNING id::int`,
      [description],
    );
    ids.push(rows[0]!.id);
  }
  upgradeId = ids[0]!;
  for (const id of ids) {
    await db.query(
      `WITH item AS (
         INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id,
                                   scheduled_start_time)
         VALUES ($1, $2, $3, $4, now()) RETURNING id)
       INSERT INTO upgrade_job (upgrade_id, item_id, org_id, original_version_id, status)
       SELECT $1, item.id, '00D' || lpad(i::text, 15, '0'),
              CASE WHEN i % 7 = 0 THEN NULL ELSE ($5::text[])[1 + i % 2] END,
              ($6::text[])[1 + i % array_length($6::text[], 1)]
         FROM item, generate_series(1, $7::int) i`,
      [id, SOURCE, PACKAGE, VERSIONS[0]!.id, VERSIONS.map((v) => v.id), STATUSES, JOBS],
    );
  }
  await db.exec('ANALYZE');
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

async function jobIds(
  sort: readonly SortKey[],
  filters: Record<string, string>,
  page: number,
): Promise<{ ids: number[]; total: number }> {
  const query = pageQuery(sort, filters, page, PAGE_SIZE);
  const result = await listPage<{ id: number }>(
    testDb.db,
    UPGRADE_JOB_LIST,
    UPGRADE_JOB_SOURCE,
    upgradeJobScope(upgradeId),
    query,
    { username: null },
  );
  return { ids: result.rows.map((row) => row.id), total: result.total };
}

/** The same jobs in the list's order as one ORDER BY: a keyed column by value, then key. */
async function expectedIds(sort: readonly SortKey[], where: string): Promise<number[]> {
  const terms = sort.flatMap((key) => {
    const way = key.desc ? 'DESC' : 'ASC';
    if (key.id === 'original_version_number') {
      return [`ov.version_sort ${way} NULLS LAST`, `j.original_version_id ${way} NULLS LAST`];
    }
    return [`${key.id === 'instance' ? 'j.org_instance' : 'j.status'} ${way} NULLS LAST`];
  });
  const { rows } = await testDb.db.query<{ id: number }>(
    `SELECT j.id::int AS id FROM upgrade_job j
       LEFT JOIN package_version ov ON ov.version_id = j.original_version_id
      WHERE j.upgrade_id = $1 AND (${where})
      ORDER BY ${[...terms, `j.id ${sort.at(-1)?.desc ? 'DESC' : 'ASC'}`].join(', ')}`,
    [upgradeId],
  );
  return rows.map((row) => row.id);
}

const SORTS: SortKey[][] = [
  [{ id: 'status', desc: true }],
  [
    { id: 'status', desc: false },
    { id: 'original_version_number', desc: true },
  ],
  [
    { id: 'original_version_number', desc: true },
    { id: 'status', desc: true },
  ],
  [
    { id: 'instance', desc: false },
    { id: 'status', desc: true },
  ],
];

const FILTERS: { filter: Record<string, string>; where: string }[] = [
  { filter: {}, where: 'TRUE' },
  { filter: { status: 'succ' }, where: `j.status = 'Succeeded'` },
  { filter: { status: '!"Succeeded"' }, where: `j.status <> 'Succeeded'` },
  { filter: { instance: '!?' }, where: 'j.org_instance IS NULL' },
];

describe("an upgrade's jobs by status, version and instance", () => {
  it('know every status the table allows (a status missing would drop its jobs from the list)', async () => {
    const { rows } = await testDb.db.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'upgrade_job'::regclass AND conname = 'upgrade_job_status_check'`,
    );
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...JOB_STATUSES].sort());
  });

  for (const sort of SORTS) {
    for (const { filter, where } of FILTERS) {
      it(`answers the slices of the full order: ${shapeName(sort, filter)}`, async () => {
        await expectPagesAreSlices({
          expected: await expectedIds(sort, where),
          pageSize: PAGE_SIZE,
          read: async (page) => {
            const { ids, total } = await jobIds(sort, filter, page);
            return { keys: ids, total };
          },
          pagesOf: (last) => [1, 2, 150, last - 150, last - 1, last],
        });
      });
    }
  }
});
