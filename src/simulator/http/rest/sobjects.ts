// sObject resources: global describe, object info, describe, and single-record create (201
// {id, success, errors}), retrieve, update (204) and delete (204).
import { isIdLike } from '../../data/ids';
import type { ApiContext } from '../context';
import { readJson, isRecord } from '../request';
import { ApiError, sendJson, sendNoContent } from '../respond';
import type { Params, Router } from '../router';
import { describeObject, objectSummary } from './describe';
import { requestedFields, restRecord, singleWrite, tableOrNotFound } from './records';

function globalDescribe(ctx: ApiContext): void {
  sendJson(ctx.res, 200, {
    encoding: 'UTF-8',
    maxBatchSize: 200,
    sobjects: ctx.org.store.objects().map((def) => objectSummary(def, ctx.apiVersion)),
  });
}

function objectInfo(ctx: ApiContext, params: Params): void {
  const table = tableOrNotFound(ctx, params.type);
  sendJson(ctx.res, 200, {
    objectDescribe: objectSummary(table.def, ctx.apiVersion),
    recentItems: [],
  });
}

function describe(ctx: ApiContext, params: Params): void {
  const table = tableOrNotFound(ctx, params.type);
  sendJson(ctx.res, 200, describeObject(table.def, ctx.apiVersion));
}

async function create(ctx: ApiContext, params: Params): Promise<void> {
  const table = tableOrNotFound(ctx, params.type);
  const body = await readJson(ctx.req);
  if (!isRecord(body))
    throw new ApiError(400, 'JSON_PARSER_ERROR', 'The request body must be a JSON object.');
  const row = singleWrite(ctx, (w) => ctx.rt.writer.create(w, table.def.name, body));
  sendJson(ctx.res, 201, { id: row.Id, success: true, errors: [] });
}

function recordNotFound(id: string): ApiError {
  return isIdLike(id)
    ? new ApiError(404, 'NOT_FOUND', 'The requested resource does not exist')
    : new ApiError(
        404,
        'NOT_FOUND',
        `Provided external ID field does not exist or is not accessible: ${id}`,
      );
}

function retrieve(ctx: ApiContext, params: Params): void {
  const table = tableOrNotFound(ctx, params.type);
  const id = params.id ?? '';
  const row = table.byId(id);
  if (!row) throw recordNotFound(id);
  sendJson(
    ctx.res,
    200,
    restRecord(
      table,
      row,
      ctx.apiVersion,
      requestedFields(table, ctx.url.searchParams.get('fields')),
    ),
  );
}

async function update(ctx: ApiContext, params: Params): Promise<void> {
  const table = tableOrNotFound(ctx, params.type);
  const id = params.id ?? '';
  if (!table.byId(id)) throw recordNotFound(id);
  const body = await readJson(ctx.req);
  if (!isRecord(body))
    throw new ApiError(400, 'JSON_PARSER_ERROR', 'The request body must be a JSON object.');
  singleWrite(ctx, (w) => ctx.rt.writer.update(w, table.def.name, id, body));
  sendNoContent(ctx.res);
}

function remove(ctx: ApiContext, params: Params): void {
  const table = tableOrNotFound(ctx, params.type);
  const id = params.id ?? '';
  if (!table.byId(id)) throw recordNotFound(id);
  singleWrite(ctx, (w) => ctx.rt.writer.delete(w, table.def.name, id));
  sendNoContent(ctx.res);
}

export function addSObjectRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/services/data/:version/sobjects', globalDescribe)
    .add('GET', '/services/data/:version/sobjects/:type', objectInfo)
    .add('POST', '/services/data/:version/sobjects/:type', create)
    .add('GET', '/services/data/:version/sobjects/:type/describe', describe)
    .add('GET', '/services/data/:version/sobjects/:type/:id', retrieve)
    .add('PATCH', '/services/data/:version/sobjects/:type/:id', update)
    .add('DELETE', '/services/data/:version/sobjects/:type/:id', remove);
}
