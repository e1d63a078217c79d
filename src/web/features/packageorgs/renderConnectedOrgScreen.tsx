// Renders a connected-org screen at its route the way the app does, against stubbed answers.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { Notifications, notifications } from '@mantine/notifications';
import { queryKeys } from '../../api/queryKeys';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../testing/stubFetch';
import { makeUser } from './connectedOrgFixtures';
import { ConnectedOrgDetailScreen } from './ConnectedOrgDetailScreen';
import { ConnectedOrgsListScreen } from './ConnectedOrgsListScreen';

interface Setup {
  route: string;
  routes?: Record<string, StubRoute>;
  readOnly?: boolean;
}

export function renderConnectedOrgScreen({ route, routes = {}, readOnly = false }: Setup) {
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: makeUser(readOnly) },
    'GET /api/filters': { json: [] },
    ...routes,
  });
  const rendered = renderWithProviders(<div data-testid="elsewhere" />, {
    route,
    extraRoutes: [
      { path: '/packageorgs', element: <ConnectedOrgsListScreen /> },
      {
        path: '/packageorg/:packageorgId',
        element: (
          <>
            <Notifications />
            <ConnectedOrgDetailScreen />
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
