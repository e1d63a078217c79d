// One endpoint of the HTTP API, described once: method, path, the zod schemas of its path
// parameters, query, body and answer. The server registers its route from this description
// (src/server/http/route.ts) and the web app calls it through the typed client
// (src/web/api/endpoint-client.ts), so a changed answer fails type-checking on both sides.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointShape {
  readonly method: HttpMethod;
  /** Fastify's path syntax: `/api/upgrades/:id`. */
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly description: string;
  /** The OpenAPI group. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 answer; absent when the endpoint answers something other than JSON (a redirect, a file). */
  readonly response?: z.ZodType;
  /** JSON answers at statuses other than 200 that the endpoint sends itself (health's 503). */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
  /** The content types of an answer that is not JSON (a list export's tab-separated text). */
  readonly produces?: readonly string[];
  /** Left out of the OpenAPI document: not part of the console's API (a scraper's, the document's own). */
  readonly hidden?: boolean;
}

/** Declares an endpoint; the literal types of method and path are kept for the typed client. */
export function endpoint<const E extends EndpointShape>(definition: E): E {
  return definition;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the caller passes: path parameters, query and body as the schemas accept them. */
export type ParamsOf<E extends EndpointShape> = InputOf<E['params']>;
export type QueryOf<E extends EndpointShape> = InputOf<E['query']>;
export type BodyOf<E extends EndpointShape> = InputOf<E['body']>;
/** What the endpoint answers, as its schema produces it. */
export type ResponseOf<E extends EndpointShape> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

/**
 * The endpoint's path with its `:name` parameters filled in, each percent-encoded. A parameter
 * the path names but `params` lacks is a programming error and throws.
 */
export function pathOf(
  definition: Pick<EndpointShape, 'path'>,
  params?: Record<string, string | number>,
): string {
  return definition.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}
