// The top menu's global search (docs/api.md "Orgs, licenses, search").
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { searchQuerySchema, searchResultSchema } from '../search';

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    tag: 'search',
    description: 'Orgs, licenses, packages, versions and groups whose id or name matches.',
    query: searchQuerySchema,
    response: z.array(searchResultSchema),
  }),
};
