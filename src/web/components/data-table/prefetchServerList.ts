// The first page of a server-mode list, asked for before its table has rendered: a screen's
// prefetch (app/prefetch.ts) starts it as soon as the app's code has run, so the request travels
// while the screen is still being drawn. The request and its cache key are made exactly as the
// table makes them on mounting, so the table finds the page in the cache, or in flight, and does
// not ask again.
import type { QueryClient } from '@tanstack/react-query';
import type { ListDefinition, ListRequest } from '../../../domain';
import { browserTimeZone } from './cellText';
import { filterContext, validFilters } from './filterState';
import type { ServerSource } from './types';
import { readListState, type ListState } from './useListState';
import { serverRowsQuery } from './useServerRows';

/** What the table asks for in `state`: its page and page size, the sorts, the filters applied. */
export function pageRequest(
  list: ListDefinition,
  state: ListState,
  applied: ListRequest['filters'],
): ListRequest {
  return {
    page: state.pageIndex + 1,
    pageSize: state.pageSize,
    sort: state.sort ?? list.defaultSort,
    filters: applied,
  };
}

/**
 * Starts loading the page a DataTable of `list` on `source` will ask for when it mounts with the
 * list's remembered state. `username` is the table's (the signed-in user's, null before it is
 * known), which #ME filters stand for.
 */
export function prefetchServerList(
  queryClient: QueryClient,
  {
    list,
    source,
    username,
  }: { list: ListDefinition; source: ServerSource; username: string | null },
): Promise<void> {
  const state = readListState(list.key);
  const applied = validFilters(state.filters, list.columns, filterContext(username));
  return queryClient.prefetchQuery(
    serverRowsQuery(source, pageRequest(list, state, applied), browserTimeZone()),
  );
}
