// An upgrade's jobs sorted and filtered by status, original version, instance, package and target
// version: status is read one value at a time from the values its CHECK constraint names, versions
// and instances one key at a time, package and target version one of the upgrade's requests at a
// time (upgrade-sources.ts). Each page must be the slice of one full ORDER BY of the same
// rows, from the start, deep and from the end; another upgrade's jobs never in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, UPGRADE_JOB_LIST, type SortKey } from '../../../domain';
import { listPage } from '../../services/lists/list-service';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { expectPagesAreSlices, pageQuery, shapeName } from './testing/page-slices';
import { upgradeJobScope, upgradeJobSource } from './upgrade-sources';

let testDb: TestDatabase;
let upgradeId = 0;

const SOURCE = '00D000000000000EAA';
const PACKAGES = [
  { id: '033000000000001AAA', name: 'Relay' },
  { id: '033000000000002AAA', name: 'Atlas' },
];
// 10.0 sorts after 2.0; one job in seven has no original version.
const VERSIONS = [
  { id: '04t000000000010AAA', number: '10.0', sort: '0010.0000', packageId: PACKAGES[0]!.id },
  { id: '04t000000000002AAA', number: '2.0', sort: '0002.0000', packageId: PACKAGES[0]!.id },
  { id: '04t000000000003AAA', number: '30.0', sort: '0030.0000', packageId: PACKAGES[1]!.id },
];
// An upgrade's requests (one per package and wave): two of one package and target version, in
// two waves, so that their jobs tie on both columns and are kept apart by the request.
const REQUESTS = [
  { packageId: PACKAGES[0]!.id, versionId: VERSIONS[0]!.id, wave: 1 },
  { packageId: PACKAGES[1]!.id, versionId: VERSIONS[2]!.id, wave: 1 },
  { packageId: PACKAGES[0]!.id, versionId: VERSIONS[0]!.id, wave: 2 },
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
  for (const p of PACKAGES) {
    await db.query(`INSERT INTO package (sfid, package_id, name) VALUES ($1, $1, $2)`, [
      p.id,
      p.name,
    ]);
  }
  for (const v of VERSIONS) {
    await db.query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
       VALUES ($1, $1, $2, $3, $4)`,
      [v.id, v.packageId, v.number, v.sort],
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
  // Of every five runs of seven orgs, two are in the first request, two in the second, one in the
  // third: each request has jobs of every status and instance.
  const share = ['(i / 7) % 5 < 2', '(i / 7) % 5 BETWEEN 2 AND 3', '(i / 7) % 5 = 4'];
  for (const id of ids) {
    for (const [r, request] of REQUESTS.entries()) {
      await db.query(
        `WITH item AS (
           INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id,
                                     scheduled_start_time, wave)
           VALUES ($1, $2, $3, $4, now(), $8) RETURNING id)
         INSERT INTO upgrade_job (upgrade_id, item_id, org_id, original_version_id, status)
         SELECT $1, item.id, '00D' || lpad(i::text, 15, '0'),
                CASE WHEN i % 7 = 0 THEN NULL ELSE ($5::text[])[1 + i % 2] END,
                ($6::text[])[1 + i % array_length($6::text[], 1)]
           FROM item, generate_series(1, $7::int) i
          WHERE ${share[r]!}`,
        [
          id,
          SOURCE,
          request.packageId,
          request.versionId,
          [VERSIONS[0]!.id, VERSIONS[1]!.id],
          STATUSES,
          JOBS,
          request.wave,
        ],
      );
    }
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
    upgradeJobSource(upgradeId),
    upgradeJobScope(upgradeId),
    query,
    { username: null },
  );
  return { ids: result.rows.map((row) => row.id), total: result.total };
}

/** The same jobs in the list's order as one ORDER BY: a keyed column by value, then key. */
async function expectedIds(sort: readonly SortKey[], where: string): Promise<number[]> {
  const terms = sort.flatMap((key) => {
    const way = `${key.desc ? 'DESC' : 'ASC'} NULLS LAST`;
    // A column read one key at a time is ordered by its value, then the key.
    const keyed = {
      original_version_number: ['ov.version_sort', 'j.original_version_id'],
      package_name: ['p.name', 'j.item_id'],
      version_number: ['tv.version_sort', 'j.item_id'],
    };
    const plain = { instance: 'j.org_instance', status: 'j.status' };
    const columns = keyed[key.id as keyof typeof keyed] ?? [plain[key.id as keyof typeof plain]];
    return columns.map((column) => `${column} ${way}`);
  });
  const { rows } = await testDb.db.query<{ id: number }>(
    `SELECT j.id::int AS id FROM upgrade_job j
       JOIN upgrade_item i ON i.id = j.item_id
       LEFT JOIN package p ON p.sfid = i.package_id
       LEFT JOIN package_version tv ON tv.version_id = i.version_id
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
  [{ id: 'package_name', desc: false }],
  [{ id: 'version_number', desc: true }],
  [
    { id: 'package_name', desc: true },
    { id: 'status', desc: false },
  ],
  [
    { id: 'status', desc: false },
    { id: 'version_number', desc: false },
  ],
];

const FILTERS: { filter: Record<string, string>; where: string }[] = [
  { filter: {}, where: 'TRUE' },
  { filter: { status: 'succ' }, where: `j.status = 'Succeeded'` },
  { filter: { status: '!"Succeeded"' }, where: `j.status <> 'Succeeded'` },
  { filter: { instance: '!?' }, where: 'j.org_instance IS NULL' },
  { filter: { package_name: 'atl' }, where: `p.name = 'Atlas'` },
  { filter: { version_number: '< 30.0' }, where: `tv.version_sort < '0030.0000'` },
];

describe("an upgrade's jobs by status, versions, instance and package", () => {
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
