import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numericId } from './common';
import { pathOf } from './endpoint';
import { listEndpoint } from './list-endpoint';
import { UPGRADE_JOB_LIST, upgradeJobSchema } from './upgrades';

const jobs = listEndpoint({
  path: '/api/upgrades/:id/jobs',
  tag: 'upgrades',
  description: 'The jobs.',
  list: UPGRADE_JOB_LIST,
  row: upgradeJobSchema,
  params: { id: numericId },
  scopeQuery: { itemId: numericId.optional() },
});

describe('listEndpoint', () => {
  it('describes the page: the list protocol and the scope in the query, a page as the answer', () => {
    expect(jobs.method).toBe('GET');
    expect(Object.keys(jobs.query.shape)).toEqual([
      'page',
      'pageSize',
      'sort_field',
      'sort_dir',
      'filters',
      'tz',
      'itemId',
    ]);
    expect(jobs.query.parse({ itemId: '3' })).toMatchObject({ page: 1, pageSize: 25, itemId: 3 });
    expect(jobs.response.parse({ rows: [], total: 0, total_is_estimate: false }).rows).toEqual([]);
  });

  it('describes the export beside it: the same path with /export, the columns, no JSON answer', () => {
    expect(pathOf(jobs.export, { id: 7 })).toBe('/api/upgrades/7/jobs/export');
    expect(Object.keys(jobs.export.query.shape)).toContain('columns');
    expect(Object.keys(jobs.export.query.shape)).toContain('itemId');
    expect('response' in jobs.export).toBe(false);
    expect(jobs.export.description).toBe(
      `Every row of the list as tab-separated text, streamed (${UPGRADE_JOB_LIST.key}).`,
    );
  });

  it('takes no path parameters or scope when the list has none', () => {
    const all = listEndpoint({
      path: '/api/things',
      tag: 't',
      description: 'Things.',
      list: UPGRADE_JOB_LIST,
      row: z.object({ id: z.number() }),
    });
    expect(Object.keys(all.params.shape)).toEqual([]);
    expect(Object.keys(all.scopeQuery.shape)).toEqual([]);
  });
});
