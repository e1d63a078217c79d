// Renders a connected-org screen at its route the way the app does, against stubbed answers.
import { makeUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { ConnectedOrgDetailScreen } from '../detail/ConnectedOrgDetailScreen';
import { ConnectedOrgsListScreen } from '../list/ConnectedOrgsListScreen';

interface Setup {
  route: string;
  routes?: Record<string, StubRoute>;
  readOnly?: boolean;
}

export function renderConnectedOrgScreen({ route, routes, readOnly = false }: Setup) {
  return renderRoutes(
    [
      { path: '/packageorgs', element: <ConnectedOrgsListScreen /> },
      { path: '/packageorg/:packageorgId', element: <ConnectedOrgDetailScreen /> },
    ],
    { at: route, routes, user: makeUser({ read_only: readOnly }) },
  );
}
