import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../domain';
import { routeKey, routeSchema } from './route';

const health = endpoint({
  method: 'GET',
  path: '/healthz',
  tag: 'operations',
  description: 'Whether the database answers.',
  response: z.object({ status: z.string() }),
  responses: { 503: z.object({ status: z.string() }) },
});

describe('routeSchema', () => {
  it('carries the tag, the description and each schema the endpoint has, nothing it lacks', () => {
    const schema = routeSchema(health);
    expect(schema.tags).toEqual(['operations']);
    expect(schema.description).toBe('Whether the database answers.');
    expect(Object.keys(schema.response as object)).toEqual(['200', '503']);
    expect(schema).not.toHaveProperty('params');
    expect(schema).not.toHaveProperty('querystring');
    expect(schema).not.toHaveProperty('body');
    expect(schema).not.toHaveProperty('hide');
  });

  it('hides an endpoint from the OpenAPI document and names the type of an answer that is not JSON', () => {
    const metrics = endpoint({
      method: 'GET',
      path: '/metrics',
      tag: 'operations',
      description: 'Metrics.',
      hidden: true,
      produces: ['text/plain'],
    });
    expect(routeSchema(metrics)).toMatchObject({ hide: true, produces: ['text/plain'] });
    expect(routeSchema(metrics)).not.toHaveProperty('response');
  });
});

describe('routeKey', () => {
  it('names a route as the route table does', () => {
    expect(routeKey(health)).toBe('GET /healthz');
  });
});
