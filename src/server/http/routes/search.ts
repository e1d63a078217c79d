// /api/search (spec §7): the top menu's global search.
import { z } from 'zod';
import { searchQuerySchema, searchResultSchema, toId18 } from '../../../domain';
import { search } from '../../db/repositories/search';
import type { AppInstance } from '../app';
import { rateLimited } from '../rate-limits';

export function searchRoutes(app: AppInstance): void {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        description: 'Orgs, licenses, packages, versions and groups whose id or name matches.',
        querystring: searchQuerySchema,
        response: { 200: z.array(searchResultSchema) },
      },
      // Several `contains` scans per call (RATE_LIMIT_SEARCH_PER_MINUTE).
      onRequest: rateLimited(app, 'search'),
    },
    async (request) => {
      const { term } = request.query;
      return search(app.deps.db, term, toId18(term));
    },
  );
}
