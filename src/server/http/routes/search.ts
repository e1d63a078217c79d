// /api/search (spec §7): the top menu's global search.
import { z } from 'zod';
import { searchQuerySchema, searchResultSchema, toId18 } from '../../../domain';
import { search } from '../../db/repositories/search';
import type { AppInstance } from '../app';

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
    },
    async (request) => {
      const { term } = request.query;
      return search(app.deps.db, term, toId18(term));
    },
  );
}
