// The total a server-mode DataTable is showing, for a screen title (ListTitle: 'Orgs 1,234'). The table
// keeps its pages in the query cache under [...root, params, request]; reading the cache instead
// of asking the server again costs no second count of a million rows.
import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';

export interface ListTotal {
  readonly total: number;
  /** The server counted up to its limit and estimated the rest. */
  readonly isEstimate: boolean;
}

function pageTotal(query: Query): ListTotal | null {
  const data = query.state.data as { total?: unknown; total_is_estimate?: unknown } | undefined;
  if (!data || typeof data.total !== 'number') return null;
  return { total: data.total, isEstimate: data.total_is_estimate === true };
}

/**
 * The total of the list page on screen: the page a table is observing, or while its next page
 * loads (the table keeps showing the previous one) the latest page of the same scope.
 */
export function useListTotal(
  /** The source's queryKey root, a constant such as queryKeys.orgs. */
  root: QueryKey,
  params: Readonly<Record<string, unknown>>,
): ListTotal | null {
  const cache = useQueryClient().getQueryCache();
  const scope = hashKey([params]);
  const snapshot = useCallback((): string => {
    const pages = cache
      .findAll({ queryKey: root })
      // Only this scope: a partial key match would let {} match every scope's pages.
      .filter((query) => hashKey([query.queryKey[root.length]]) === scope)
      .filter((query) => pageTotal(query) !== null);
    const observed = pages.filter((query) => query.getObserversCount() > 0);
    const newest = (observed.length > 0 ? observed : pages).reduce<Query | null>(
      (best, query) =>
        best === null || query.state.dataUpdatedAt > best.state.dataUpdatedAt ? query : best,
      null,
    );
    const found = newest ? pageTotal(newest) : null;
    // A string, so an unchanged total is the same snapshot and does not re-render the screen.
    return found ? JSON.stringify(found) : '';
  }, [cache, root, scope]);
  const text = useSyncExternalStore(
    useCallback((onChange) => cache.subscribe(onChange), [cache]),
    snapshot,
  );
  return text ? (JSON.parse(text) as ListTotal) : null;
}
