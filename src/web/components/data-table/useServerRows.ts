// A server-mode page (docs/architecture.md "Lists declared as data"): the table's request plus the
// list's scope goes to the endpoint, and the answer is a page of rows and a total. The previous
// page stays on screen while the next one loads, so live refreshes and paging do not flash an empty
// table.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listQueryParams, type ListPage, type ListRequest } from '../../../domain';
import { callEndpoint } from '../../api/endpoint-client';
import type { ServerSource } from './types';

/** The query string of a server-mode request: the list's scope, then page, sorts and filters. */
export function serverQueryParams(
  source: ServerSource,
  request: ListRequest,
  timeZone: string,
): Record<string, string | number | boolean | undefined> {
  return { ...source.params, ...listQueryParams(request, timeZone) };
}

/** The query of one server-mode page: its cache key and how it is fetched. */
export function serverRowsQuery<Row extends object>(
  source: ServerSource | null,
  request: ListRequest,
  timeZone: string,
) {
  return {
    queryKey: [...(source?.queryKey ?? ['disabled']), source?.params ?? {}, request],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ListPage<Row>> => {
      if (!source) throw new Error('No server source');
      const page = await callEndpoint(source.endpoint, {
        params: source.pathParams,
        query: serverQueryParams(source, request, timeZone),
        signal,
      });
      // The page was checked against the list's row schema; Row is the screen's name for it.
      return page as ListPage<Row>;
    },
  };
}

export function useServerRows<Row extends object>(
  source: ServerSource | null,
  request: ListRequest,
  timeZone: string,
) {
  return useQuery({
    ...serverRowsQuery<Row>(source, request, timeZone),
    enabled: source !== null,
    placeholderData: keepPreviousData,
  });
}
