// Global search (GET /api/search, docs/api.md "Orgs, licenses, search"): orgs, licenses, packages,
// versions and groups by id or name.
import { z } from 'zod';

export const SEARCH_RESULT_TYPES = ['org', 'license', 'package', 'version', 'group'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchQuerySchema = z.object({ term: z.string().trim().min(1).max(100) });

/** The route of each search result's screen. */
export function searchResultPath(result: Pick<SearchResult, 'type' | 'id'>): string {
  const id = encodeURIComponent(result.id);
  switch (result.type) {
    case 'org':
      return `/org/${id}`;
    case 'license':
      return `/license/${id}`;
    case 'package':
      return `/package/${id}`;
    case 'version':
      return `/packageversion/${id}`;
    case 'group':
      return `/orggroup/${id}`;
  }
}
