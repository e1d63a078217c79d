// The orgs list's first page, asked for before the screen renders (app/prefetch.ts): the same
// request, and the same cache entry, as the screen's table makes on mounting.
import type { QueryClient } from '@tanstack/react-query';
import { orgEndpoints, ORG_LIST } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { readCachedUser } from '../../../app/current-user/cachedUser';
import { prefetchServerList, type ServerSource } from '../../../components/data-table';
import { blacklistedParams, readBlacklisted } from './useBlacklistedToggle';

/**
 * Where the orgs table reads its pages: every org, or the blacklisted ones; with `versionId`,
 * only the orgs on that package version.
 */
export function orgsSource(blacklisted: boolean, versionId?: string | null): ServerSource {
  return {
    mode: 'server',
    endpoint: orgEndpoints.list,
    params: { ...blacklistedParams(blacklisted), ...(versionId ? { versionId } : {}) },
    queryKey: queryKeys.orgs,
  };
}

/** Starts loading the page the orgs screen will show first, with the remembered toggle. */
export function prefetchOrgsList(queryClient: QueryClient): Promise<void> {
  return prefetchServerList(queryClient, {
    list: ORG_LIST,
    source: orgsSource(readBlacklisted(ORG_LIST.key)),
    // The table's user until the server answers: the copy this tab keeps, if any.
    username: readCachedUser()?.username ?? null,
  });
}
