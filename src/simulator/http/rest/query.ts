// query, queryAll and queryMore (and, with columns=true, a query's column metadata). The first reply carries up to one batch (2 000 records, or the
// Sforce-Query-Options batchSize clamped to 200–2 000) and, when more remain, a nextRecordsUrl whose
// last segment is the locator ('<cursor id>-<offset>').
import { openSoqlCursor, SoqlError, type SoqlCursor } from '../../soql/index';
import { rowCount } from '../../store/cursors';
import type { ApiContext } from '../context';
import { ApiError, sendJson } from '../respond';
import type { Params, Router } from '../router';
import { queryColumns } from './query-columns';

const DEFAULT_BATCH = 2_000;
const MIN_BATCH = 200;

export function batchSize(header: string | string[] | undefined): number {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const match = /batchSize\s*=\s*(\d+)/i.exec(text);
  if (!match) return DEFAULT_BATCH;
  return Math.min(DEFAULT_BATCH, Math.max(MIN_BATCH, Number(match[1])));
}

function sendPage(
  ctx: ApiContext,
  result: SoqlCursor,
  offset: number,
  cursorId: string | undefined,
): void {
  const available = rowCount(result);
  const end = Math.min(available, offset + batchSize(ctx.req.headers['sforce-query-options']));
  const done = end >= available;
  let nextRecordsUrl: string | undefined;
  if (!done) {
    const id = cursorId ?? ctx.rt.cursors.open(ctx.org.id15, ctx.token.user.id, result);
    nextRecordsUrl = `/services/data/v${ctx.apiVersion}/query/${id}-${end}`;
  } else if (cursorId) {
    ctx.rt.cursors.close(cursorId);
  }
  sendJson(ctx.res, 200, {
    totalSize: result.totalSize,
    done,
    ...(nextRecordsUrl ? { nextRecordsUrl } : {}),
    records: result.rows(offset, end),
  });
}

function query(ctx: ApiContext): void {
  const soql = ctx.url.searchParams.get('q');
  if (!soql || soql.trim() === '')
    throw new ApiError(400, 'MALFORMED_QUERY', 'A query string has to be specified');
  let result;
  try {
    if (ctx.url.searchParams.get('columns') === 'true') {
      sendJson(ctx.res, 200, queryColumns(soql, ctx.org.store));
      return;
    }
    result = openSoqlCursor(soql, ctx.org.store, {
      now: new Date(ctx.rt.clock.now()),
      apiVersion: ctx.apiVersion,
    });
  } catch (error) {
    if (error instanceof SoqlError) throw new ApiError(400, error.errorCode, error.message);
    throw error;
  }
  sendPage(ctx, result, 0, undefined);
}

function queryMore(ctx: ApiContext, params: Params): void {
  const page = ctx.rt.cursors.resume(params.locator ?? '', ctx.org.id15, ctx.token.user.id);
  if (!page) throw new ApiError(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
  sendPage(ctx, page.result, page.offset, page.cursorId);
}

export function addQueryRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/services/data/:version/query', query)
    .add('GET', '/services/data/:version/queryAll', query)
    .add('GET', '/services/data/:version/query/:locator', queryMore)
    .add('GET', '/services/data/:version/queryAll/:locator', queryMore);
}
