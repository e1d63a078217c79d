// Registers a server-mode list: `GET <path>` answers a page ({ rows, total, total_is_estimate })
// and `GET <path>/export` streams every matching row as tab-separated text. Both take the list
// protocol's query (domain/api/list-query.ts) plus the list's own scope parameters.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  exportQueryShape,
  listPageSchema,
  listQueryShape,
  tsvHeader,
  tsvLine,
  type ListColumn,
  type ListDefinition,
  type ListQuery,
} from '../../../domain';
import type { ListSource } from '../../db/lists/list-source';
import type { Scope } from '../../db/lists/sql-builder';
import { InvalidError } from '../../errors';
import { listPage, listStatement, streamListRows } from '../../services/lists/list-service';
import type { AppInstance } from '../app';
import { requireActor } from '../auth';
import { rateLimited } from '../rate-limits';

export interface ServerListSpec<
  P extends z.ZodRawShape,
  S extends z.ZodRawShape,
  R extends z.ZodType,
> {
  readonly path: string;
  readonly tag: string;
  readonly description: string;
  readonly list: ListDefinition;
  readonly source: ListSource;
  readonly row: R;
  /** Path parameters (e.g. { id: numericId }). */
  readonly params?: P;
  /** The list's own query parameters (e.g. blacklisted, packageId). */
  readonly scopeQuery?: S;
  /** The scope for a request; may throw NotFound for an unknown parent record. */
  readonly scope: (
    params: z.output<z.ZodObject<P>>,
    query: z.output<z.ZodObject<S>>,
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

export function registerServerList<
  P extends z.ZodRawShape,
  S extends z.ZodRawShape,
  R extends z.ZodType,
>(app: AppInstance, spec: ServerListSpec<P, S, R>): void {
  const params = z.object(spec.params ?? ({} as P));
  const scopeQuery = spec.scopeQuery ?? ({} as S);
  const querystring = z.object({ ...listQueryShape, ...scopeQuery });
  const exportQuerystring = z.object({ ...exportQueryShape, ...scopeQuery });

  app.get(
    spec.path,
    {
      schema: {
        tags: [spec.tag],
        description: spec.description,
        params,
        querystring,
        response: { 200: listPageSchema(spec.row) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const query = request.query as ListQuery & z.output<z.ZodObject<S>>;
      const scope = await spec.scope(request.params as z.output<z.ZodObject<P>>, query);
      return listPage(app.deps.db, spec.list, spec.source, scope, query, {
        username: actor.username,
      });
    },
  );

  app.get(
    `${spec.path}/export`,
    {
      schema: {
        tags: [spec.tag],
        description: `Every row of the list as tab-separated text, streamed (${spec.list.key}).`,
        params,
        querystring: exportQuerystring,
        produces: ['text/tab-separated-values'],
      },
      // Every row of a list: one budget for all exports (RATE_LIMIT_EXPORTS_PER_MINUTE).
      onRequest: rateLimited(app, 'exports'),
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const query = request.query as ListQuery & { columns?: string[] } & z.output<z.ZodObject<S>>;
      const scope = await spec.scope(request.params as z.output<z.ZodObject<P>>, query);
      const statement = listStatement(spec.list, spec.source, scope, query, {
        username: actor.username,
      });
      const columns = exportColumns(spec.list, query.columns);
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
        .header('content-disposition', `attachment; filename="${spec.list.key}.tsv"`)
        .send(stream);
    },
  );
}
