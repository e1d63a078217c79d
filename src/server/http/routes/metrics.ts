// GET /metrics in Prometheus's text format, and the request-duration histogram behind it.
// Scrapers carry no session: the route answers only to `Authorization: Bearer <METRICS_TOKEN>`,
// and is absent (404) when no token is configured.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operationEndpoints } from '../../../domain';
import type { AppInstance } from '../app-instance';
import { NotFoundError, UnauthorizedError } from '../../errors';
import { bearerMatches } from '../../metrics/bearer';
import { httpRequestDuration, registry } from '../../metrics/registry';
import { route } from '../route';

export const METRICS_PATH = operationEndpoints.metrics.path;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route's pattern (never the raw URL, which holds ids), or one bucket for unmatched paths. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function observe(request: FastifyRequest, reply: FastifyReply): void {
  httpRequestDuration.observe(
    {
      method: METHODS.has(request.method) ? request.method : 'other',
      route: routeLabel(request),
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    },
    reply.elapsedTime / 1000,
  );
}

export function metricsRoutes(app: AppInstance): void {
  app.addHook('onResponse', async (request, reply) => observe(request, reply));

  route(app, operationEndpoints.metrics, {}, async (request, reply) => {
    const token = app.deps.config.METRICS_TOKEN;
    if (!token) throw new NotFoundError(`No such resource: GET ${METRICS_PATH}`);
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedError('Send the metrics token as Authorization: Bearer <token>.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
