import type { QueryClient } from '@tanstack/react-query';
import { closeLiveSocket } from '../../api/live';
import { queryKeys } from '../../api/queryKeys';
import { clearCachedUser } from '../../app/current-user/cachedUser';

/**
 * Whoever signs in next must not see the previous user's name, permissions or live events: drop
 * the cached user (sessionStorage and query cache) and the live connection made with the old cookie.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  clearCachedUser();
  queryClient.removeQueries({ queryKey: queryKeys.currentUser });
  closeLiveSocket();
}
