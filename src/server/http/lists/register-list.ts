// Registers a server-mode list from its description (listEndpoint in src/domain/api): `GET <path>`
// answers a page ({ rows, total, total_is_estimate }) and `GET <path>/export` streams every
// matching row as tab-separated text. Both take the list protocol's query
// (domain/api/list-query.ts) plus the list's own scope parameters; the server adds where the rows
// come from (the list's SQL source) and which of them a request may see (its scope).
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import {
  tsvHeader,
  tsvLine,
  type ListColumn,
  type ListDefinition,
  type ListEndpointShape,
  type ListQuery,
} from '../../../domain';
import type { ListSource } from '../../db/lists/list-source';
import type { Scope } from '../../db/lists/sql-builder';
import { InvalidError } from '../../errors';
import { listPage, listStatement, streamListRows } from '../../services/lists/list-service';
import type { AppInstance } from '../app-instance';
import { requireActor } from '../auth';
import { rateLimited } from '../rate-limits';
import { route, type EndpointHandler } from '../route';

/** What the server adds to a list's description. */
export interface ServerListSource<E extends ListEndpointShape> {
  /**
   * The list's SQL: its FROM clause and an expression per column; or made for the request's
   * record (an upgrade's jobs sort by that upgrade's requests).
   */
  readonly source: ListSource | ((params: z.output<E['params']>) => ListSource);
  /** The scope for a request; may throw NotFound for an unknown parent record. */
  readonly scope: (
    params: z.output<E['params']>,
    query: z.output<E['scopeQuery']>,
  ) => Scope | Promise<Scope>;
}

/** The columns of an export: those asked for, in that order, or every column of the list. */
function exportColumns(list: ListDefinition, ids: readonly string[] | undefined): ListColumn[] {
  if (!ids || ids.length === 0) return [...list.columns];
  return ids.map((id) => {
    const column = list.columns.find((c) => c.id === id);
    if (!column) throw new InvalidError(`columns: this list has no column '${id}'`, 'columns');
    return column;
  });
}

/** Writes a chunk, waiting while the client reads; rejects when the client went away. */
async function writeChunk(stream: PassThrough, chunk: string): Promise<void> {
  if (stream.destroyed) throw new Error('The export was closed by the client.');
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('The export was closed by the client.'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

export function registerServerList<E extends ListEndpointShape>(
  app: AppInstance,
  endpoint: E,
  server: ServerListSource<E>,
): void {
  const sourceOf = (request: { params: unknown }) =>
    typeof server.source === 'function'
      ? server.source(request.params as z.output<E['params']>)
      : server.source;
  const scopeOf = (request: { params: unknown; query: unknown }) =>
    server.scope(
      request.params as z.output<E['params']>,
      request.query as z.output<E['scopeQuery']>,
    );

  const page: EndpointHandler<ListEndpointShape> = async (request) => {
    const actor = requireActor(request);
    const scope = await scopeOf(request);
    return listPage(
      app.deps.db,
      endpoint.list,
      sourceOf(request),
      scope,
      request.query as ListQuery,
      {
        username: actor.username,
      },
    );
  };
  route(app, endpoint as ListEndpointShape, {}, page);

  const exportRows: EndpointHandler<ListEndpointShape['export']> = async (request, reply) => {
    const actor = requireActor(request);
    const query = request.query as ListQuery & { columns?: string[] };
    const scope = await scopeOf(request);
    const statement = listStatement(endpoint.list, sourceOf(request), scope, query, {
      username: actor.username,
    });
    const columns = exportColumns(endpoint.list, query.columns);
    const timeZone = query.tz ?? 'UTC';
    const stream = new PassThrough();
    stream.write(tsvHeader(columns));
    streamListRows<Record<string, unknown>>(app.deps.db, statement, async (rows) => {
      await writeChunk(stream, rows.map((row) => tsvLine(row, columns, timeZone)).join(''));
    }).then(
      () => stream.end(),
      (error: unknown) => {
        request.log.warn({ err: error }, 'list export stopped');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return reply
      .type('text/tab-separated-values; charset=utf-8')
      .header('content-disposition', `attachment; filename="${endpoint.list.key}.tsv"`)
      .send(stream);
  };
  // Every row of a list: one budget for all exports (RATE_LIMIT_EXPORTS_PER_MINUTE).
  route(app, endpoint.export, { onRequest: rateLimited(app, 'exports') }, exportRows);
}
