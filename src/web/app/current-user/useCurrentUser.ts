import { useQuery } from '@tanstack/react-query';
import { authEndpoints } from '../../../domain';
import { ApiError } from '../../api/client';
import { callEndpoint, UnreadableAnswerError } from '../../api/endpoint-client';
import { queryKeys } from '../../api/queryKeys';
import { clearCachedUser, readCachedUser, writeCachedUser } from './cachedUser';
import type { CurrentUser } from './cachedUser';

export type { CurrentUser } from './cachedUser';

export interface CurrentUserState {
  /** The user record, only when the lookup succeeded (or a cached copy is being re-checked). */
  user: CurrentUser | undefined;
  status: 'loading' | 'loaded' | 'failed' | 'signed-out';
  /**
   * What the top menu shows: the display name, or 'Invalid' when the lookup failed (docs/product.md
   * "Top menu").
   */
  displayName: string;
  /** The username, or the failure's message when the lookup failed. */
  username: string;
}

async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser> {
  try {
    const user = await callEndpoint(authEndpoints.user, { signal });
    writeCachedUser(user);
    return user;
  } catch (error) {
    clearCachedUser();
    if (error instanceof UnreadableAnswerError) {
      throw new Error('The server sent a user record Pushboard cannot read.', { cause: error });
    }
    throw error;
  }
}

export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    initialData: readCachedUser,
    // The cached copy is shown at once but counts as stale, so the server is always asked.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

  if (query.error) {
    // A 401 already sent the browser to /login; there is nobody to name.
    if (query.error instanceof ApiError && query.error.status === 401) {
      return { user: undefined, status: 'signed-out', displayName: '', username: '' };
    }
    return {
      user: undefined,
      status: 'failed',
      displayName: 'Invalid',
      username: query.error.message,
    };
  }
  if (query.data) {
    return {
      user: query.data,
      status: 'loaded',
      displayName: query.data.display_name,
      username: query.data.username,
    };
  }
  return { user: undefined, status: 'loading', displayName: '', username: '' };
}

/**
 * Until the user has loaded (and whenever it failed to), assume read-only (docs/product.md
 * "Roles and permissions").
 */
export function useIsReadOnly(): boolean {
  const { user } = useCurrentUser();
  return user?.read_only ?? true;
}
