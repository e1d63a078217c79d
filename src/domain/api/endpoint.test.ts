import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, pathOf } from './endpoint';

const retry = endpoint({
  method: 'POST',
  path: '/api/upgrades/retry/:id',
  description: 'Retries the failed jobs.',
  tag: 'upgrades',
  params: z.object({ id: z.coerce.number() }),
});

describe('pathOf', () => {
  it('fills each parameter, percent-encoded', () => {
    expect(pathOf(retry, { id: 42 })).toBe('/api/upgrades/retry/42');
    expect(pathOf({ path: '/api/orgs/:orgId/groups/:name' }, { orgId: '00D/x', name: 'a b' })).toBe(
      '/api/orgs/00D%2Fx/groups/a%20b',
    );
  });

  it('throws when a parameter the path names is missing', () => {
    expect(() => pathOf(retry, {})).toThrow('/api/upgrades/retry/:id needs the parameter id.');
  });

  it('leaves a path without parameters alone', () => {
    expect(pathOf({ path: '/api/upgrades/purge' })).toBe('/api/upgrades/purge');
  });
});
