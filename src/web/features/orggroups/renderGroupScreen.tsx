// Renders a group screen at its route the way the app does (with the toasts' host), against
// stubbed answers. Test files mock '../../api/live' themselves: vi.mock applies per file.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { Notifications, notifications } from '@mantine/notifications';
import { queryKeys } from '../../api/queryKeys';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../testing/stubFetch';
import { makeUser } from './orgGroupFixtures';
import { OrgGroupDetailScreen } from './OrgGroupDetailScreen';
import { OrgGroupsListScreen } from './OrgGroupsListScreen';

interface Setup {
  route: string;
  routes?: Record<string, StubRoute>;
  readOnly?: boolean;
}

export function renderGroupScreen({ route, routes = {}, readOnly = false }: Setup) {
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: makeUser(readOnly) },
    'GET /api/filters': { json: [] },
    ...routes,
  });
  const rendered = renderWithProviders(<Notifications />, {
    route,
    extraRoutes: [
      {
        path: '/orggroups',
        element: (
          <>
            <Notifications />
            <OrgGroupsListScreen />
          </>
        ),
      },
      {
        path: '/orggroup/:orgGroupId',
        element: (
          <>
            <Notifications />
            <OrgGroupDetailScreen />
          </>
        ),
      },
    ],
  });
  const userLoaded = () =>
    waitFor(() =>
      expect(rendered.queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
    );
  return { ...rendered, fetchMock, userLoaded };
}
