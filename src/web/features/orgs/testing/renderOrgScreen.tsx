// Renders the org screens the way the app routes them, against stubbed answers.
import type { CurrentUser } from '../../../app/current-user/useCurrentUser';
import type { StubRoute } from '../../../testing/stubFetch';
import { renderRoutes } from '../../../testing/renderRoute';
import { OrgDetailScreen } from '../detail/OrgDetailScreen';
import { OrgsListScreen } from '../list/OrgsListScreen';

interface OrgScreenSetup {
  /** Where the memory router starts, e.g. '/orgs' or '/org/00D…'. */
  route: string;
  user?: CurrentUser;
  routes?: Record<string, StubRoute>;
}

export function renderOrgScreen({ route, user, routes }: OrgScreenSetup) {
  return renderRoutes(
    [
      { path: '/orgs', element: <OrgsListScreen /> },
      { path: '/org/:orgId', element: <OrgDetailScreen /> },
    ],
    { at: route, user, routes },
  );
}
