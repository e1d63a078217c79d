// Renders the upgrade screens at their routes the way the app does, against stubbed answers.
import type { CurrentUser } from '../../../app/current-user/useCurrentUser';
import { renderRoutes } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { UpgradeDetailScreen } from '../detail/UpgradeDetailScreen';
import { UpgradeItemDetailScreen } from '../item-detail/UpgradeItemDetailScreen';
import { UpgradesListScreen } from '../list/UpgradesListScreen';

interface Setup {
  route: string;
  routes?: Record<string, StubRoute>;
  user?: CurrentUser;
}

export function renderUpgradeScreen({ route, routes, user }: Setup) {
  return renderRoutes(
    [
      { path: '/upgrades', element: <UpgradesListScreen /> },
      { path: '/upgrade/:upgradeId', element: <UpgradeDetailScreen /> },
      { path: '/upgradeitem/:itemId', element: <UpgradeItemDetailScreen /> },
    ],
    { at: route, routes, user },
  );
}
