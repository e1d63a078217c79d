// Registers a route from its endpoint description (src/domain/api/endpoints): the method, path,
// tag, description and schemas come from the domain, which the web app calls through too; the
// route module adds only what the server decides (its guard, a rate limit, a body limit) and the
// handler, whose request and answer are typed from the schemas by the zod type provider.
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EndpointShape } from '../../domain';
import type { AppInstance } from './app-instance';

/** The 200 answer and any other status the endpoint answers with a body of its own (503). */
type Responses<E extends EndpointShape> = { 200: E['response'] } & (E['responses'] extends Readonly<
  Record<number, z.ZodType>
>
  ? E['responses']
  : unknown);

/** The Fastify schema of an endpoint, as the type provider reads it. */
export interface RouteSchema<E extends EndpointShape> extends FastifySchema {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Responses<E>;
}

/** A handler of the endpoint: params, query and body as its schemas produce them. */
export type EndpointHandler<E extends EndpointShape> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * What the server adds to an endpoint: the change guard (preValidation, before the body is read),
 * a rate limit (onRequest), a body limit. Nothing the domain describes.
 */
export type RouteServerOptions<E extends EndpointShape> = Pick<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchema<E>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'preValidation' | 'onRequest' | 'bodyLimit'
>;

/** The schema Fastify validates, serializes and publishes (OpenAPI) with. */
export function routeSchema(endpoint: EndpointShape): FastifySchema & Record<string, unknown> {
  return {
    tags: [endpoint.tag],
    description: endpoint.description,
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.response || endpoint.responses
      ? {
          response: {
            ...(endpoint.response ? { 200: endpoint.response } : {}),
            ...endpoint.responses,
          },
        }
      : {}),
    ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
  };
}

/** `METHOD /path`, as the route table and the lists of routes (public, larger bodies) name it. */
export function routeKey(endpoint: Pick<EndpointShape, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** Registers the endpoint's route: the description's method, path and schemas, the server's options. */
export function route<E extends EndpointShape>(
  app: AppInstance,
  endpoint: E,
  options: RouteServerOptions<E>,
  handler: EndpointHandler<E>,
): void {
  app.route<RouteGenericInterface, ContextConfigDefault, RouteSchema<E>>({
    method: endpoint.method,
    url: endpoint.path,
    // The same schemas RouteSchema<E> names, with a part the endpoint lacks left out rather than
    // undefined; the type is what types the handler.
    schema: routeSchema(endpoint) as unknown as RouteSchema<E>,
    ...options,
    handler,
  });
}
