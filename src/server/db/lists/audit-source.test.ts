// The Audit Log's source reads its few-values columns (outcome, action, actor) one value at a
// time and its Details and Target columns from stored copies (migration 0025): every sort, with
// and without a filter, pages exactly the rows the plain SQL of the same columns gives, and the
// stored copies say what the expressions they replace say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LIST, type SortKey } from '../../../domain';
import { listPage } from '../../services/lists/list-service';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { AUDIT_SOURCE } from './audit-source';
import type { ListSource } from './list-source';
import { NO_SCOPE } from './sql-builder';

/** A column and its filter as a user types it. */
type Filter = readonly [string, string];

const ROWS = 240;
const PAGE_SIZE = 10;
const ME = 'me@example.com';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Actions name their target's type (login none), outcomes are mostly success, times tie in
  // fours (the row key breaks ties), a blank target id reads as none, details of every shape.
  await testDb.db.query(
    `INSERT INTO audit_log (at, actor, action, target_type, target_id, outcome, details)
     SELECT timestamptz '2026-01-01' + (i / 4) * interval '1 minute',
            (ARRAY[$1, 'ann@example.com', 'schedule', 'zed@example.com'])[1 + i % 4],
            a.action, a.type,
            CASE WHEN a.type IS NULL THEN NULL WHEN i % 11 = 0 THEN ' ' ELSE (i % 17)::text END,
            CASE WHEN i % 13 = 0 THEN 'denied' WHEN i % 7 = 0 THEN 'failed' ELSE 'success' END,
            (ARRAY['{}', '{"method": "salesforce"}', '{"count": 3, "name": "G"}', '[1, 2]',
                   '{"message": "timed out"}'])[1 + i % 5]::jsonb
       FROM generate_series(1, ${ROWS}) i,
            LATERAL (SELECT (ARRAY['login', 'job.cancel', 'orggroup.create', 'upgrade.schedule',
                                   'org.blacklist'])[1 + (i * 7) % 5] AS action) n,
            LATERAL (SELECT n.action,
                            (ARRAY[NULL, 'job', 'org_group', 'upgrade', 'org'])[1 + (i * 7) % 5]
                              AS type) a`,
    [ME],
  );
});

afterAll(async () => {
  await testDb.drop();
});

/** The same columns, each read by its own expression in one ORDER BY, filters on every row. */
const PLAIN: ListSource = { ...AUDIT_SOURCE, fewValues: undefined, groupedSorts: undefined };

async function page(source: ListSource, sort: SortKey[], filter: Filter | null, at: number) {
  const query = {
    page: at,
    pageSize: PAGE_SIZE,
    sort_field: sort.map((key) => key.id),
    sort_dir: sort.map((key) => (key.desc ? 'desc' : 'asc')),
    filters: filter === null ? [] : [{ id: filter[0], value: filter[1] }],
  };
  const answer = await listPage<{ id: number }>(testDb.db, AUDIT_LIST, source, NO_SCOPE, query, {
    username: ME,
  });
  return { ids: answer.rows.map((row) => row.id), total: answer.total };
}

/** Pages first, middle and last of a sort and filter read both ways give the same rows. */
async function expectSameRows(sort: SortKey[], filter: Filter | null) {
  const first = await page(PLAIN, sort, filter, 1);
  const last = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
  for (const at of new Set([1, Math.ceil(last / 2), last])) {
    const label = `${JSON.stringify(sort)} ${filter?.join(' ') ?? ''} page ${at}`;
    expect(await page(AUDIT_SOURCE, sort, filter, at), label).toEqual(
      await page(PLAIN, sort, filter, at),
    );
  }
}

const COLUMNS = ['at', 'actor', 'action', 'target', 'outcome'];
const singleSorts = COLUMNS.flatMap((id) => [[{ id, desc: false }], [{ id, desc: true }]]);

describe('the Audit Log source', () => {
  it('stores the Details and Target text the expressions they replace give', async () => {
    const { rows } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log
        WHERE details_text IS DISTINCT FROM audit_details_text(details)
           OR target_text IS DISTINCT FROM
              (target_type || coalesce(' ' || nullif(trim(target_id), ''), ''))`,
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: shown } = await testDb.db.query<{ details: string; targets: string[] }>(
      `SELECT string_agg(DISTINCT details_text, ' | ' ORDER BY details_text) AS details,
              array_agg(DISTINCT target_text ORDER BY target_text)
                FILTER (WHERE trim(target_id) = '') AS targets
         FROM audit_log`,
    );
    expect(shown[0]).toEqual({
      details: ' | count=3, name=G | message=timed out | method=salesforce',
      targets: ['job', 'org', 'org_group', 'upgrade'],
    });
  });

  it('sorts by every pair of columns, a few-values one read one value at a time, as the plain SQL', async () => {
    for (const first of COLUMNS) {
      for (const second of COLUMNS.filter((id) => id !== first)) {
        for (const [a, b] of [
          [false, false],
          [false, true],
          [true, false],
          [true, true],
        ]) {
          await expectSameRows(
            [
              { id: first, desc: a! },
              { id: second, desc: b! },
            ],
            null,
          );
        }
      }
    }
  });

  it('filters on the few-values columns by their values, in every sort, as the plain SQL', async () => {
    const filters: Filter[] = [
      ['outcome', '"denied"'],
      ['outcome', '!"success"'],
      ['outcome', '!?'],
      ['outcome', 'suc'],
      ['action', 'job'],
      ['action', "$'org'"],
      ['action', '"login", "org.blacklist"'],
      ['actor', '#ME'],
      ['actor', '!ann'],
      ['target', '!?'],
      ['target', 'org'],
      ['details', 'eth'],
      ['details', '!?'],
    ];
    for (const filter of filters) {
      for (const sort of singleSorts) await expectSameRows(sort, filter);
    }
  });
});
