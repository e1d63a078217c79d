// Renders the org screens the way the app routes them (with the toasts' host), against stubbed
// answers. Test files mock '../../api/live' themselves: vi.mock applies only where it is called.
import type { ReactNode } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../../testing/stubFetch';
import { OrgDetailScreen } from '../OrgDetailScreen';
import { OrgsListScreen } from '../OrgsListScreen';
import { makeUser } from './orgFixtures';

interface OrgScreenSetup {
  /** Where the memory router starts, e.g. '/orgs' or '/org/00D…'. */
  route: string;
  user?: ReturnType<typeof makeUser>;
  routes?: Record<string, StubRoute>;
}

export function renderOrgScreen({ route, user = makeUser(), routes = {} }: OrgScreenSetup) {
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: user },
    'GET /api/filters': { json: [] },
    ...routes,
  });
  const withToasts = (screen: ReactNode) => (
    <>
      <Notifications />
      {screen}
    </>
  );
  const rendered = renderWithProviders(<p>Another page</p>, {
    route,
    extraRoutes: [
      { path: '/orgs', element: withToasts(<OrgsListScreen />) },
      { path: '/org/:orgId', element: withToasts(<OrgDetailScreen />) },
    ],
  });
  return { ...rendered, fetchMock };
}
