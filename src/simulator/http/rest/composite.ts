// sObject Collections (composite/sobjects: create, update, delete, retrieve; at most 200 records, one
// SaveResult per record in order, allOrNone rolls everything back) and sObject Tree
// (composite/tree/<Type>: all-or-none, referenceIds), which some push tools use to add push jobs.
import { SaveError } from '../../store/save-error';
import { Transaction } from '../../store/transaction';
import type { WriteContext } from '../../store/writes';
import type { ApiContext } from '../context';
import { isRecord, readJson } from '../request';
import { ApiError, sendJson } from '../respond';
import type { Params, Router } from '../router';
import { requestedFields, restRecord, tableOrNotFound, writeContext } from './records';

const MAX_RECORDS = 200;
const ROLLED_BACK = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message:
    'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};

type SaveResult = { id?: unknown; success: boolean; errors: unknown[] };

function tooMany(count: number): void {
  if (count > MAX_RECORDS) {
    throw new ApiError(
      400,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${MAX_RECORDS} records into this call`,
    );
  }
}

async function collectionBody(
  ctx: ApiContext,
): Promise<{ allOrNone: boolean; records: unknown[] }> {
  const body = await readJson(ctx.req);
  if (!isRecord(body) || !Array.isArray(body.records)) {
    throw new ApiError(
      400,
      'JSON_PARSER_ERROR',
      'The request body must be {"allOrNone": …, "records": [ … ]}.',
    );
  }
  tooMany(body.records.length);
  return { allOrNone: body.allOrNone === true, records: body.records };
}

function recordType(record: unknown): string {
  const type = isRecord(record) && isRecord(record.attributes) ? record.attributes.type : undefined;
  if (typeof type !== 'string')
    throw new SaveError('INVALID_TYPE', 'Must specify a type in the attributes map');
  return type;
}

/**
 * Applies one operation per record, then commits, or rolls back everything when allOrNone and any
 * failed. `idOfItem` names the record of an update or delete in its result (creates have none).
 */
function applyAll<T>(
  ctx: ApiContext,
  items: readonly T[],
  allOrNone: boolean,
  apply: (w: WriteContext, item: T) => SaveResult,
  idOfItem?: (item: T) => unknown,
): SaveResult[] {
  const tx = new Transaction();
  const w = writeContext(ctx, tx);
  let failed = false;
  const results = items.map((item): SaveResult => {
    const point = tx.savepoint();
    try {
      return apply(w, item);
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      tx.rollbackTo(point);
      failed = true;
      const id = idOfItem?.(item);
      return { ...(id ? { id } : {}), success: false, errors: [error.toSaveResultError()] };
    }
  });
  if (allOrNone && failed) {
    tx.rollback();
    return results.map((r, i) => {
      if (!r.success) return r;
      const id = idOfItem?.(items[i] as T);
      return { ...(id ? { id } : {}), success: false, errors: [ROLLED_BACK] };
    });
  }
  tx.commit();
  return results;
}

async function createMany(ctx: ApiContext): Promise<void> {
  const { allOrNone, records } = await collectionBody(ctx);
  const results = applyAll(ctx, records, allOrNone, (w, record) => {
    const { attributes: _attributes, ...fields } = isRecord(record) ? record : {};
    const row = ctx.rt.writer.create(w, recordType(record), fields);
    return { id: row.Id, success: true, errors: [] };
  });
  sendJson(ctx.res, 200, results);
}

function idOf(record: unknown): string | undefined {
  if (!isRecord(record)) return undefined;
  const id = record.id ?? record.Id;
  return typeof id === 'string' ? id : undefined;
}

async function updateMany(ctx: ApiContext): Promise<void> {
  const { allOrNone, records } = await collectionBody(ctx);
  const results = applyAll(
    ctx,
    records,
    allOrNone,
    (w, record) => {
      const id = idOf(record);
      if (!id) throw new SaveError('MISSING_ARGUMENT', 'Id not specified in an update call');
      const { attributes: _a, id: _id, Id: _Id, ...fields } = isRecord(record) ? record : {};
      ctx.rt.writer.update(w, recordType(record), id, fields);
      return { id, success: true, errors: [] };
    },
    idOf,
  );
  sendJson(ctx.res, 200, results);
}

function deleteMany(ctx: ApiContext): void {
  const ids = (ctx.url.searchParams.get('ids') ?? '').split(',').filter((s) => s !== '');
  tooMany(ids.length);
  const allOrNone = ctx.url.searchParams.get('allOrNone') === 'true';
  const results = applyAll(
    ctx,
    ids,
    allOrNone,
    (w, id) => {
      const table = ctx.org.store.tableForId(id);
      if (!table || !table.byId(id))
        throw new SaveError('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id');
      ctx.rt.writer.delete(w, table.def.name, id);
      return { id, success: true, errors: [] };
    },
    (id) => id,
  );
  sendJson(ctx.res, 200, results);
}

async function retrieveMany(ctx: ApiContext, params: Params): Promise<void> {
  const table = tableOrNotFound(ctx, params.type);
  let ids: unknown = ctx.url.searchParams.get('ids')?.split(',');
  let fields: string | null = ctx.url.searchParams.get('fields');
  if (ctx.req.method === 'POST') {
    const body = await readJson(ctx.req);
    ids = isRecord(body) ? body.ids : undefined;
    fields = isRecord(body) && Array.isArray(body.fields) ? body.fields.join(',') : null;
  }
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new ApiError(400, 'MISSING_ARGUMENT', 'ids parameter is required');
  }
  if (!fields) throw new ApiError(400, 'MISSING_ARGUMENT', 'fields parameter is required');
  tooMany(ids.length);
  const names = requestedFields(table, fields);
  sendJson(
    ctx.res,
    200,
    ids.map((id: string) => {
      const row = table.byId(id);
      return row ? restRecord(table, row, ctx.apiVersion, names) : null;
    }),
  );
}

async function tree(ctx: ApiContext, params: Params): Promise<void> {
  const table = tableOrNotFound(ctx, params.type);
  const body = await readJson(ctx.req);
  const records = isRecord(body) && Array.isArray(body.records) ? body.records : undefined;
  if (!records)
    throw new ApiError(400, 'JSON_PARSER_ERROR', 'The request body must be {"records": [ … ]}.');
  tooMany(records.length);
  const referenceOf = (record: unknown): unknown =>
    isRecord(record) && isRecord(record.attributes) ? record.attributes.referenceId : undefined;
  const results = applyAll(ctx, records, true, (w, record) => {
    const { attributes: _attributes, ...fields } = isRecord(record) ? record : {};
    const row = ctx.rt.writer.create(w, table.def.name, fields);
    return { id: row.Id, success: true, errors: [] };
  });
  const failed = results.some((r) => !r.success);
  sendJson(ctx.res, failed ? 400 : 201, {
    hasErrors: failed,
    results: results.flatMap((r, i): Record<string, unknown>[] => {
      const referenceId = referenceOf(records[i]);
      if (!failed) return [{ referenceId, id: r.id }];
      return r.errors[0] === ROLLED_BACK ? [] : [{ referenceId, errors: r.errors }];
    }),
  });
}

export function addCompositeRoutes(router: Router<ApiContext>): void {
  router
    .add('POST', '/services/data/:version/composite/sobjects', createMany)
    .add('PATCH', '/services/data/:version/composite/sobjects', updateMany)
    .add('DELETE', '/services/data/:version/composite/sobjects', deleteMany)
    .add('GET', '/services/data/:version/composite/sobjects/:type', retrieveMany)
    .add('POST', '/services/data/:version/composite/sobjects/:type', retrieveMany)
    .add('POST', '/services/data/:version/composite/tree/:type', tree);
}
