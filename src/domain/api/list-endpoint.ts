// A server-mode list is two endpoints: `GET <path>` answers a page of rows and `GET <path>/export`
// streams every matching row as tab-separated text. Both take the list protocol's query
// (list-query.ts) plus the list's own scope parameters; listEndpoint builds both descriptions from
// the list's definition, its row schema and those parameters, so the server registers them
// (src/server/http/lists/register-list.ts) and the web app pages them from one description.
import { z } from 'zod';
import { endpoint, type EndpointShape } from './endpoint';
import type { ListDefinition } from './list-columns';
import { exportQueryShape, listPageSchema, listQueryShape } from './list-query';

export interface ListEndpointInput<
  Path extends string,
  P extends z.ZodRawShape,
  S extends z.ZodRawShape,
  R extends z.ZodType,
> {
  readonly path: Path;
  readonly tag: string;
  readonly description: string;
  readonly list: ListDefinition;
  readonly row: R;
  /** Path parameters (e.g. { id: numericId }). */
  readonly params?: P;
  /** The list's own query parameters (e.g. blacklisted, packageId). */
  readonly scopeQuery?: S;
}

/** Declares a server-mode list: its page endpoint, with the export endpoint beside it. */
export function listEndpoint<
  const Path extends string,
  R extends z.ZodType,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no parameters by default
  P extends z.ZodRawShape = {},
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no scope by default
  S extends z.ZodRawShape = {},
>(input: ListEndpointInput<Path, P, S, R>) {
  const params = z.object(input.params ?? ({} as P));
  const scopeShape = input.scopeQuery ?? ({} as S);
  return {
    ...endpoint({
      method: 'GET',
      path: input.path,
      tag: input.tag,
      description: input.description,
      params,
      query: z.object({ ...listQueryShape, ...scopeShape }),
      response: listPageSchema(input.row),
    }),
    list: input.list,
    row: input.row,
    /** The list's own query parameters, which the page and the export both take. */
    scopeQuery: z.object(scopeShape),
    export: endpoint({
      method: 'GET',
      path: `${input.path}/export`,
      tag: input.tag,
      description: `Every row of the list as tab-separated text, streamed (${input.list.key}).`,
      params,
      query: z.object({ ...exportQueryShape, ...scopeShape }),
      produces: ['text/tab-separated-values'],
    }),
  };
}

/** Any server-mode list's description, as listEndpoint builds it. */
export interface ListEndpointShape extends EndpointShape {
  readonly method: 'GET';
  readonly params: z.ZodObject;
  readonly list: ListDefinition;
  readonly row: z.ZodType;
  readonly scopeQuery: z.ZodObject;
  readonly export: EndpointShape;
}
