// A package's and a version's customers sorted and filtered by license status: the status is read
// one value at a time (a grouped sort, also under the version's groups) and its filters are
// decided on its distinct values (org-sources.ts). Each page must be the slice of one full
// ORDER BY of the same rows, empty statuses last, other packages' rows never in.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PACKAGE_CUSTOMER_LIST, type SortKey } from '../../../domain';
import { listPage } from '../../services/lists/list-service';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { CUSTOMER_SOURCE, customerScope } from './org-sources';
import { expectPagesAreSlices, pageQuery, shapeName } from './testing/page-slices';

let testDb: TestDatabase;

const PACKAGE = 'a0J000000000000001';
const OTHER_PACKAGE = 'a0J000000000000002';
// Version 2.0 of the package sorts before 10.0; the other package's version sorts between them.
const VERSIONS = [
  { id: '04t000000000000001', pkg: PACKAGE, number: '10.0', sort: '0010.0000' },
  { id: '04t000000000000002', pkg: PACKAGE, number: '2.0', sort: '0002.0000' },
  { id: '04t000000000000003', pkg: OTHER_PACKAGE, number: '5.0', sort: '0005.0000' },
];
const STATUSES = ['Trial', 'Active', null, 'Expired', 'Active'];
// Enough customers that a page is walked in sort order (more than EXACT_COUNT_LIMIT matches)
// with and without a filter on the status; a blank status is read filter first.
const ORGS = 26_000;
const PAGE_SIZE = 10;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  await db.query(`INSERT INTO package (sfid, name) VALUES ($1, 'P'), ($2, 'Q')`, [
    PACKAGE,
    OTHER_PACKAGE,
  ]);
  for (const [i, v] of VERSIONS.entries()) {
    await db.query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
       VALUES ($1, $2, $3, $4, $5)`,
      [`a0K00000000000000${i + 1}`, v.id, v.pkg, v.number, v.sort],
    );
  }
  // Org i: a status that cycles through STATUSES, one of the package's two versions, and every
  // third org also a customer of the other package.
  await db.query(
    `INSERT INTO org (org_id, name)
     SELECT '00D' || lpad(i::text, 15, '0'), 'Org ' || i FROM generate_series(1, $1::int) i`,
    [ORGS],
  );
  await db.query(
    `INSERT INTO org_package_version (org_id, package_id, version_id, license_status)
     SELECT '00D' || lpad(i::text, 15, '0'), $1, ($2::text[])[1 + i % 2],
            ($3::text[])[1 + i % array_length($3::text[], 1)]
     FROM generate_series(1, $4::int) i
     UNION ALL
     SELECT '00D' || lpad(i::text, 15, '0'), $5, $6, 'Active'
     FROM generate_series(3, $4::int, 3) i`,
    [PACKAGE, [VERSIONS[0]!.id, VERSIONS[1]!.id], STATUSES, ORGS, OTHER_PACKAGE, VERSIONS[2]!.id],
  );
  await db.exec('ANALYZE');
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

const SETTINGS = { deniedOrgs: [], expandByAccount: false };

/** The org ids of one page of the package's customers. */
async function customerIds(
  sort: readonly SortKey[],
  filters: Record<string, string>,
  page: number,
  pageSize: number,
): Promise<{ ids: string[]; total: number }> {
  const query = pageQuery(sort, filters, page, pageSize);
  const result = await listPage<{ org_id: string }>(
    testDb.db,
    PACKAGE_CUSTOMER_LIST,
    CUSTOMER_SOURCE,
    customerScope({ packageId: PACKAGE }, SETTINGS),
    query,
    { username: null },
  );
  return { ids: result.rows.map((row) => row.org_id.trim()), total: result.total };
}

/** The same rows in the list's order, written out as one ORDER BY. */
async function expectedIds(sort: readonly SortKey[], where: string): Promise<string[]> {
  const expression = { license_status: 'v.license_status', version_number: 'pv.version_sort' };
  const terms = sort.map(
    (key) =>
      `${expression[key.id as keyof typeof expression]} ${key.desc ? 'DESC' : 'ASC'} NULLS LAST`,
  );
  // A grouped column is ordered by its key after its value; ties by org in the last direction.
  const last = sort.at(-1)?.desc ? 'DESC' : 'ASC';
  const withKeys = sort.flatMap((key, i) =>
    key.id === 'version_number'
      ? [terms[i]!, `v.version_id ${key.desc ? 'DESC' : 'ASC'}`]
      : [terms[i]!],
  );
  const { rows } = await testDb.db.query<{ org_id: string }>(
    `SELECT v.org_id FROM org_package_version v
     JOIN package_version pv ON pv.version_id = v.version_id
     WHERE v.package_id = $1 AND (${where})
     ORDER BY ${[...withKeys, `v.org_id ${last}`].join(', ')}`,
    [PACKAGE],
  );
  return rows.map((row) => row.org_id.trim());
}

const SORTS: SortKey[][] = [
  [{ id: 'license_status', desc: false }],
  [{ id: 'license_status', desc: true }],
  [
    { id: 'license_status', desc: false },
    { id: 'version_number', desc: false },
  ],
  [
    { id: 'license_status', desc: true },
    { id: 'version_number', desc: true },
  ],
  [
    { id: 'version_number', desc: false },
    { id: 'license_status', desc: true },
  ],
];

const FILTERS: { filter: Record<string, string>; where: string }[] = [
  { filter: {}, where: 'TRUE' },
  { filter: { license_status: 'act' }, where: `v.license_status = 'Active'` },
  { filter: { license_status: '!?' }, where: 'v.license_status IS NULL' },
  { filter: { license_status: '?' }, where: 'v.license_status IS NOT NULL' },
];

describe("a package's customers by license status", () => {
  for (const sort of SORTS) {
    for (const { filter, where } of FILTERS) {
      it(`answers the slices of the full order: ${shapeName(sort, filter)}`, async () => {
        await expectPagesAreSlices({
          expected: await expectedIds(sort, where),
          pageSize: PAGE_SIZE,
          read: async (page) => {
            const { ids, total } = await customerIds(sort, filter, page, PAGE_SIZE);
            return { keys: ids, total };
          },
          pagesOf: (last) => [1, 2, 377, 999, last - 377, last - 1, last],
        });
      });
    }
  }
});
