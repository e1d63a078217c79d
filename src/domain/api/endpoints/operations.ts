// The calls of the tools around the console rather than its screens: the health check for load
// balancers, Prometheus's metrics, and the OpenAPI document itself.
import { endpoint } from '../endpoint';
import { healthSchema } from '../health';

export const operationEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    description:
      'Whether the console reaches its database (a real round trip); 503 when it does not.',
    response: healthSchema,
    responses: { 503: healthSchema },
  }),

  /** Prometheus's text format, not JSON; only with the metrics token. */
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    tag: 'operations',
    description: 'Request metrics in the Prometheus text format, for a scraper with the token.',
    hidden: true,
  }),

  /** The OpenAPI document, which does not list itself. */
  openApi: endpoint({
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    description: 'This API as an OpenAPI document.',
    hidden: true,
  }),
};
