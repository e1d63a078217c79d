// Renders a group screen at its route the way the app does, against stubbed answers.
import { makeUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { OrgGroupDetailScreen } from '../detail/OrgGroupDetailScreen';
import { OrgGroupsListScreen } from '../list/OrgGroupsListScreen';

interface Setup {
  route: string;
  routes?: Record<string, StubRoute>;
  readOnly?: boolean;
}

export function renderGroupScreen({ route, routes, readOnly = false }: Setup) {
  return renderRoutes(
    [
      { path: '/orggroups', element: <OrgGroupsListScreen /> },
      { path: '/orggroup/:orgGroupId', element: <OrgGroupDetailScreen /> },
    ],
    { at: route, routes, user: makeUser({ read_only: readOnly }) },
  );
}
