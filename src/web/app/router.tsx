import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthResponsePage } from '../features/auth/AuthResponsePage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PageLoader } from './PageLoader';

/** Each feature's screens download on first visit, keeping the first page small. */
function screen(load: () => Promise<ComponentType>) {
  return { lazy: async () => ({ Component: await load() }) };
}

const upgradesList = screen(() =>
  import('../features/upgrades/list/UpgradesListScreen').then((m) => m.UpgradesListScreen),
);

/**
 * Every route of docs/product.md "Route table". The sign-in pages stand alone; the rest share the
 * Layout.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      { path: 'login', Component: LoginPage },
      { path: 'logout', Component: LogoutPage },
      { path: 'authresponse', Component: AuthResponsePage },
      {
        Component: Layout,
        children: [
          {
            // A second boundary inside the Layout keeps the top menu when one screen breaks.
            ErrorBoundary,
            children: [
              { index: true, ...upgradesList },
              { path: 'upgrades', ...upgradesList },
              {
                path: 'upgrade/:upgradeId',
                ...screen(() =>
                  import('../features/upgrades/detail/UpgradeDetailScreen').then(
                    (m) => m.UpgradeDetailScreen,
                  ),
                ),
              },
              {
                path: 'upgradeitem/:itemId',
                ...screen(() =>
                  import('../features/upgrades/item-detail/UpgradeItemDetailScreen').then(
                    (m) => m.UpgradeItemDetailScreen,
                  ),
                ),
              },
              {
                path: 'licenses',
                ...screen(() =>
                  import('../features/licenses/LicensesListScreen').then(
                    (m) => m.LicensesListScreen,
                  ),
                ),
              },
              {
                path: 'license/:licenseId',
                ...screen(() =>
                  import('../features/licenses/LicenseDetailScreen').then(
                    (m) => m.LicenseDetailScreen,
                  ),
                ),
              },
              {
                path: 'orgs',
                ...screen(() =>
                  import('../features/orgs/list/OrgsListScreen').then((m) => m.OrgsListScreen),
                ),
              },
              {
                path: 'org/:orgId',
                ...screen(() =>
                  import('../features/orgs/detail/OrgDetailScreen').then((m) => m.OrgDetailScreen),
                ),
              },
              {
                path: 'orggroups',
                ...screen(() =>
                  import('../features/orggroups/list/OrgGroupsListScreen').then(
                    (m) => m.OrgGroupsListScreen,
                  ),
                ),
              },
              {
                path: 'orggroup/:orgGroupId',
                ...screen(() =>
                  import('../features/orggroups/detail/OrgGroupDetailScreen').then(
                    (m) => m.OrgGroupDetailScreen,
                  ),
                ),
              },
              {
                path: 'packages',
                ...screen(() =>
                  import('../features/packages/PackagesListScreen').then(
                    (m) => m.PackagesListScreen,
                  ),
                ),
              },
              {
                path: 'package/:packageId',
                ...screen(() =>
                  import('../features/packages/PackageDetailScreen').then(
                    (m) => m.PackageDetailScreen,
                  ),
                ),
              },
              {
                path: 'packageversion/:versionId',
                ...screen(() =>
                  import('../features/packageversions/PackageVersionDetailScreen').then(
                    (m) => m.PackageVersionDetailScreen,
                  ),
                ),
              },
              {
                path: 'packageorgs',
                ...screen(() =>
                  import('../features/packageorgs/list/ConnectedOrgsListScreen').then(
                    (m) => m.ConnectedOrgsListScreen,
                  ),
                ),
              },
              {
                path: 'packageorg/:packageorgId',
                ...screen(() =>
                  import('../features/packageorgs/detail/ConnectedOrgDetailScreen').then(
                    (m) => m.ConnectedOrgDetailScreen,
                  ),
                ),
              },
              {
                path: 'admin',
                ...screen(() =>
                  import('../features/admin/BackgroundJobsScreen').then(
                    (m) => m.BackgroundJobsScreen,
                  ),
                ),
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
