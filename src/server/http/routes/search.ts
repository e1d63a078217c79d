// /api/search (docs/api.md "Orgs, licenses, search"): the top menu's global search.
import { searchEndpoints, toId18 } from '../../../domain';
import { search } from '../../db/repositories/search';
import type { AppInstance } from '../app-instance';
import { rateLimited } from '../rate-limits';
import { route } from '../route';

export function searchRoutes(app: AppInstance): void {
  route(
    app,
    searchEndpoints.search,
    // Several `contains` scans per call (RATE_LIMIT_SEARCH_PER_MINUTE).
    { onRequest: rateLimited(app, 'search') },
    async (request) => {
      const { term } = request.query;
      return search(app.deps.db, term, toId18(term));
    },
  );
}
