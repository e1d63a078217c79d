// The read that counts few matches and cuts the page from them (filter-first.ts) answers what the
// count and the other reads answer, on the real orgs list: any sortable column or two, either
// direction, a filter of each kind the list's columns take (few-values columns narrowed as the
// server narrows them), first, second, deep and last pages. Property-checked on the test database;
// list-pages.test.ts checks both against one ORDER BY on a probe table.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_LIST, type SortKey } from '../../../domain';
import { pageStatement } from '../../services/lists/list-service';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import { ORG_SOURCE } from './org-sources';
import { NO_SCOPE } from './sql-builder';
import { notingClient } from './testing/noting-client';
import { pageQuery } from './testing/page-slices';

const ORGS = 12_000;

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  // Values with ties and blanks in every column; instance cs9 has no instance row.
  await testDb.db.exec(`
    INSERT INTO instance (key, location, environment, release) VALUES
      ('cs1', 'NA', 'Sandbox', 'Spring'), ('na7', 'EU', 'Production', 'Summer'),
      ('eu2', NULL, 'Production', 'Spring');
    INSERT INTO org (org_id, name, account_name, instance, edition, type, status, modified_date)
    SELECT '00D' || lpad(i::text, 15, '0'),
      CASE WHEN i % 17 = 0 THEN NULL ELSE 'Org ' || (i % 900) END,
      CASE WHEN i % 5 = 0 THEN NULL ELSE (ARRAY['Acme plc', 'Globex', 'Initech Ltd'])[1 + i % 3] END,
      (ARRAY['cs1', 'na7', 'eu2', 'cs9', NULL])[1 + i % 5],
      (ARRAY['Enterprise Edition', 'Developer Edition', NULL])[1 + i % 3],
      (ARRAY['Production', 'Sandbox'])[1 + i % 2],
      (ARRAY['Installed', 'Not Installed', 'Not Found'])[1 + i % 3],
      CASE WHEN i % 11 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (i % 300) * interval '1 day' END
    FROM generate_series(1, ${ORGS}) i;
    ANALYZE org; ANALYZE instance;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

const SORTABLE = ORG_LIST.columns.map((column) => column.id);

// Matching from none to thousands of the 12 000 orgs: each a kind of the filter language.
const FILTERS: Record<string, string>[] = [
  { name: '12' },
  { name: '!12' },
  { account_name: 'plc' },
  { account_name: '!?' },
  { edition: '"Developer Edition"' },
  { instance: 'cs1, na7' },
  { environment: 'sand' },
  { status: 'Not Found' },
  { modified_date: '< 2026-01-20' },
  { modified_date: '!?' },
  { org_id: '0001' },
  { name: 'nothing like this' },
];

const sortKey = fc.record({ id: fc.constantFrom(...SORTABLE), desc: fc.boolean() });

/** One page read as the server reads it, with the counting read allowed or turned off. */
async function readPage(
  sort: readonly SortKey[],
  filters: Record<string, string>,
  page: number,
  countingReadUpTo: number | undefined,
) {
  const query = pageQuery(sort, filters, page, 25);
  const statement = await pageStatement(testDb.db, ORG_LIST, ORG_SOURCE, NO_SCOPE, query, {
    username: null,
  });
  const { client, statements } = notingClient(testDb.db);
  const answer = await queryListPage<{ org_id: string }>(
    client,
    { ...statement, countingReadUpTo },
    page,
    25,
  );
  return { answer, counted: statements.some((text) => text.includes(COUNTING_READ)) };
}

/** The count that also reads the page (filter-first.ts countMatches). */
const COUNTING_READ = 'count(*)::int AS n FROM matches';

describe('the counting read on the orgs list', () => {
  it('answers the page and total the count and the other reads answer', async () => {
    let countedPages = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(sortKey, { minLength: 1, maxLength: 2, selector: (key) => key.id }),
        fc.constantFrom(...FILTERS),
        fc.constantFrom('first', 'second', 'deep', 'last'),
        async (sort, filters, position) => {
          const first = await readPage(sort, filters, 1, 0);
          const last = Math.max(1, Math.ceil(first.answer!.total / 25));
          const page = { first: 1, second: 2, deep: Math.ceil(last / 2), last }[position];
          const other = await readPage(sort, filters, page, 0);
          const counting = await readPage(sort, filters, page, undefined);
          expect(other.counted).toBe(false);
          if (counting.counted) countedPages++;
          expect(counting.answer).toEqual(other.answer);
        },
      ),
      { numRuns: 120 },
    );
    // The property is not met vacuously: most of these filters leave few enough matches.
    expect(countedPages).toBeGreaterThan(40);
  }, 300_000);
});
