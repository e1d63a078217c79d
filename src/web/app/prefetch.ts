// The first request of a screen that is worth starting before the screen has rendered (a big
// list's first page), by the screen's route path (screens.ts). The app (start.tsx) imports these
// with its own code, so the request leaves as soon as that code has run, while the screen's
// module loads and React draws the page; the screen then finds the answer in the query cache.
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOrgsList } from '../features/orgs/list/prefetchOrgsList';
import { screenAt } from './screens';

const PREFETCHES: Readonly<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  orgs: prefetchOrgsList,
};

/** Starts the first request of the screen shown at `pathname`, if it has one worth starting. */
export function prefetchScreen(pathname: string, queryClient: QueryClient): void {
  const path = screenAt(pathname)?.path;
  const prefetch = path ? PREFETCHES[path] : undefined;
  // Only a head start: the screen asks for the same query and shows its own errors.
  prefetch?.(queryClient).catch(() => undefined);
}
