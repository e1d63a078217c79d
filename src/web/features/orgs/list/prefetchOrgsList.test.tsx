// The orgs screen's prefetch (app/prefetch.ts) asks for the very page the screen asks for when it
// mounts, remembered state and all, so the screen finds it in the cache (or in flight) and the
// server is asked once.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ORG_LIST } from '../../../../domain';
import { createAppQueryClient } from '../../../app/queryClient';
import { storageKey } from '../../../components/data-table';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { calledUrls, stubFetch } from '../../../testing/stubFetch';
import { listPage, makeUser } from '../../../testing/fixtures';
import { makeOrg, RELATED_ORG_ID } from '../testing/orgFixtures';
import { OrgsListScreen } from './OrgsListScreen';
import { prefetchOrgsList } from './prefetchOrgsList';
import { blacklistedKey } from './useBlacklistedToggle';

const ORGS = [makeOrg(), makeOrg({ org_id: RELATED_ORG_ID, name: 'Globex' })];

function stubServer() {
  return stubFetch({
    'GET /oauth2/user': { json: makeUser() },
    'GET /api/filters': { json: [] },
    'GET /api/orgs': { json: listPage(ORGS) },
  });
}

function orgRequests(fetchMock: ReturnType<typeof stubFetch>) {
  return calledUrls(fetchMock).filter((url) => url.pathname === '/api/orgs');
}

/** A remembered page size, sort, filter and Blacklisted toggle: the request is not the default. */
function rememberState() {
  localStorage.setItem(storageKey(ORG_LIST.key, 'pageSize'), '50');
  localStorage.setItem(
    storageKey(ORG_LIST.key, 'sort'),
    JSON.stringify([{ id: 'name', desc: false }]),
  );
  localStorage.setItem(
    storageKey(ORG_LIST.key, 'filters'),
    JSON.stringify([{ id: 'name', value: 'glo' }]),
  );
  localStorage.setItem(blacklistedKey(ORG_LIST.key), 'true');
}

describe('prefetchOrgsList', () => {
  it.each([
    ['has arrived', true],
    ['is still under way', false],
  ])(
    'the screen shows the prefetched page without asking again when it %s',
    async (_when, waitForIt) => {
      rememberState();
      const fetchMock = stubServer();
      const queryClient = createAppQueryClient();

      const prefetched = prefetchOrgsList(queryClient);
      if (waitForIt) await prefetched;
      renderWithProviders(<OrgsListScreen />, { route: '/orgs', queryClient });

      expect(await screen.findByText('Globex', {}, { timeout: 10_000 })).toBeInTheDocument();
      const requests = orgRequests(fetchMock);
      expect(requests).toHaveLength(1);
      expect(Object.fromEntries(requests[0]!.searchParams)).toMatchObject({
        page: '1',
        pageSize: '50',
        sort_field: 'name',
        sort_dir: 'asc',
        blacklisted: 'true',
      });
      expect(requests[0]!.searchParams.get('filters')).toContain('glo');
    },
    20_000,
  );
});
