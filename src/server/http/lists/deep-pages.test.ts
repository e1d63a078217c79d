// Deep pages over HTTP on a real database: a list of 25 000 rows (the Audit Log, more than
// EXACT_COUNT_LIMIT, so its total is the planner's estimate) serves its first pages from the
// start and its last pages from the end, exactly the rows the list's order puts there, empty
// values and ties included; a page deeper than MAX_LIST_DEPTH from both ends is a 400 that says
// how to reach it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_DEPTH, TOO_DEEP_MESSAGE, type ListPage } from '../../../domain';
import { AUDIT_SOURCE } from '../../db/lists/audit-source';
import type { TestDatabase } from '../../db/test-database';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';

const ROWS = 25_000;

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let viewer: Record<string, string>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp());
  viewer = await sessionHeaders(testDb.db, { username: 'viewer@x', readOnly: true });
  await testDb.db.query(`DELETE FROM audit_log`);
  // Seven actors (ties broken by id), every fifth row without a target (empty values sort last).
  await testDb.db.query(
    `INSERT INTO audit_log (at, actor, action, target_type, target_id, outcome)
     SELECT now() - i * interval '1 second', 'user' || (i % 7), 'test.row',
            CASE WHEN i % 5 = 0 THEN NULL ELSE 'org' END, i::text, 'success'
       FROM generate_series(1, ${ROWS}) i`,
  );
  // The total above EXACT_COUNT_LIMIT is the planner's estimate; fresh statistics make it exact.
  await testDb.db.query(`ANALYZE audit_log`);
}, 120_000);

afterAll(() => close?.());

const page = (query: Record<string, string | number>) =>
  app.inject({
    method: 'GET',
    url: '/api/audit',
    headers: viewer,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

async function ids(query: Record<string, string | number>): Promise<number[]> {
  const response = await page(query);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<ListPage<{ id: number }>>();
  expect(body).toMatchObject({ total: ROWS, total_is_estimate: true });
  return body.rows.map((row) => row.id);
}

/**
 * Every id in the order the list's SQL sorts them: the sort, then the unique key, which breaks
 * ties in the sort's direction.
 */
async function listOrder(orderBy: string, direction: 'ASC' | 'DESC'): Promise<number[]> {
  const { rows } = await testDb.db.query<{ id: number }>(
    `SELECT l.id::int AS id FROM audit_log l ORDER BY ${orderBy}, l.id ${direction}`,
  );
  return rows.map((row) => row.id);
}

describe('deep pages of a large list', () => {
  it('reads the first and the last pages, and the pages next to them, in the list order', async () => {
    const order = await listOrder('l.at DESC NULLS LAST', 'DESC');
    const size = 100;
    const last = Math.ceil(ROWS / size);
    const slice = (p: number) => order.slice((p - 1) * size, p * size);
    expect(await ids({ page: 1, pageSize: size })).toEqual(slice(1));
    expect(await ids({ page: MAX_LIST_DEPTH / size, pageSize: size })).toEqual(
      slice(MAX_LIST_DEPTH / size),
    );
    expect(await ids({ page: last, pageSize: size })).toEqual(slice(last));
    expect(await ids({ page: last - 1, pageSize: size })).toEqual(slice(last - 1));
    // The deepest page from the end: its first row is MAX_LIST_DEPTH rows from the end.
    const deepest = last - MAX_LIST_DEPTH / size + 1;
    expect(await ids({ page: deepest, pageSize: size })).toEqual(slice(deepest));
  });

  it('reads a last page that is not full, with ties and empty values in the same order', async () => {
    const order = await listOrder(`${AUDIT_SOURCE.columns.target!} ASC NULLS LAST`, 'ASC');
    const size = 15;
    const last = Math.ceil(ROWS / size);
    const rows = await ids({ page: last, pageSize: size, sort_field: 'target' });
    expect(rows).toEqual(order.slice((last - 1) * size));
    expect(rows).toHaveLength(ROWS - (last - 1) * size);
    const byActor = await listOrder('l.actor DESC NULLS LAST', 'DESC');
    expect(
      await ids({ page: last - 3, pageSize: size, sort_field: 'actor', sort_dir: 'desc' }),
    ).toEqual(byActor.slice((last - 4) * size, (last - 3) * size));
  });

  it('answers a page deeper than the cap from both ends with a 400 that says how to narrow', async () => {
    for (const query of [
      { page: MAX_LIST_DEPTH / 100 + 1, pageSize: 100 },
      { page: 125, pageSize: 100 },
      { page: 1_000_000, pageSize: 100 },
      { page: 1_000_000, pageSize: 5 },
    ]) {
      const response = await page(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toEqual({
        field: 'page',
        message: TOO_DEEP_MESSAGE,
        subject: 'Invalid Request',
      });
    }
  });

  it('answers a page just past the end with no rows and the total, so the pager steps back', async () => {
    const response = await page({ page: ROWS / 100 + 2, pageSize: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rows: [], total: ROWS, total_is_estimate: true });
  });

  it('still pages a short filtered list to its end and past it', async () => {
    const filters = JSON.stringify([{ id: 'actor', value: 'user3' }]);
    const response = await page({ page: 1, pageSize: 100, filters });
    const { total } = response.json<ListPage<unknown>>();
    expect(total).toBeLessThan(MAX_LIST_DEPTH);
    const past = await page({ page: Math.ceil(total / 100) + 1, pageSize: 100, filters });
    expect(past.json()).toMatchObject({ rows: [], total });
  });

  it('serves every page of an exactly counted filtered list in the list order, whichever end it is read from', async () => {
    // user3's 3 571 rows, counted exactly: pages in the second half are read from the end
    // (fromNearerEnd), and by actor then target the actor is read one value at a time.
    const filters = JSON.stringify([{ id: 'actor', value: 'user3' }]);
    const { rows: matched } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE actor = 'user3'`,
    );
    const matches = matched[0]!.n;
    const target = AUDIT_SOURCE.columns.target!;
    for (const [query, orderBy] of [
      [{ sort_field: 'target' }, `${target} ASC NULLS LAST, l.id ASC`],
      [{ sort_field: 'target', sort_dir: 'desc' }, `${target} DESC NULLS LAST, l.id DESC`],
      [
        { sort_field: 'actor,target', sort_dir: 'asc,desc' },
        `l.actor ASC NULLS LAST, ${target} DESC NULLS LAST, l.id DESC`,
      ],
    ] as const) {
      const { rows } = await testDb.db.query<{ id: number }>(
        `SELECT l.id::int AS id FROM audit_log l WHERE l.actor = 'user3' ORDER BY ${orderBy}`,
      );
      const order = rows.map((row) => row.id);
      const size = 100;
      const last = Math.ceil(matches / size);
      for (const p of [1, 2, Math.floor(last / 2), last - 2, last - 1, last]) {
        const response = await page({ ...query, page: p, pageSize: size, filters });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<ListPage<{ id: number }>>();
        expect(body).toMatchObject({ total: matches, total_is_estimate: false });
        expect(
          body.rows.map((row) => row.id),
          `${JSON.stringify(query)} page ${p}`,
        ).toEqual(order.slice((p - 1) * size, p * size));
      }
    }
  });
});
