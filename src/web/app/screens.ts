// Every screen of docs/product.md "Route table", each in its own module that downloads on first
// visit, so a page loads only the code it shows. The router renders them through `lazy`, and the
// entry (main.tsx) starts loading the one the address names before the app's own code has run:
// its code then arrives with the libraries instead of after them. This module imports no library,
// so the entry stays small.
import type { ComponentType } from 'react';

export interface LazyScreen {
  /** The route path under '/', as the router writes it; null for the index route. */
  readonly path: string | null;
  readonly load: () => Promise<ComponentType>;
}

const upgradesList = () =>
  import('../features/upgrades/list/UpgradesListScreen').then((m) => m.UpgradesListScreen);

/** The sign-in pages, which stand alone. */
export const SIGN_IN_SCREENS: readonly LazyScreen[] = [
  {
    path: 'login',
    load: () => import('../features/auth/LoginPage').then((m) => m.LoginPage),
  },
  {
    path: 'logout',
    load: () => import('../features/auth/LogoutPage').then((m) => m.LogoutPage),
  },
  {
    path: 'authresponse',
    load: () => import('../features/auth/AuthResponsePage').then((m) => m.AuthResponsePage),
  },
];

/** The screens inside the Layout, with its top menu. */
export const LAYOUT_SCREENS: readonly LazyScreen[] = [
  {
    path: null,
    load: () => import('../features/home/HomeScreen').then((m) => m.HomeScreen),
  },
  { path: 'upgrades', load: upgradesList },
  {
    path: 'upgrade/:upgradeId',
    load: () =>
      import('../features/upgrades/detail/UpgradeDetailScreen').then((m) => m.UpgradeDetailScreen),
  },
  {
    path: 'upgradeitem/:itemId',
    load: () =>
      import('../features/upgrades/item-detail/UpgradeItemDetailScreen').then(
        (m) => m.UpgradeItemDetailScreen,
      ),
  },
  {
    path: 'licenses',
    load: () => import('../features/licenses/LicensesListScreen').then((m) => m.LicensesListScreen),
  },
  {
    path: 'license/:licenseId',
    load: () =>
      import('../features/licenses/LicenseDetailScreen').then((m) => m.LicenseDetailScreen),
  },
  {
    path: 'orgs',
    load: () => import('../features/orgs/list/OrgsListScreen').then((m) => m.OrgsListScreen),
  },
  {
    path: 'org/:orgId',
    load: () => import('../features/orgs/detail/OrgDetailScreen').then((m) => m.OrgDetailScreen),
  },
  {
    path: 'orggroups',
    load: () =>
      import('../features/orggroups/list/OrgGroupsListScreen').then((m) => m.OrgGroupsListScreen),
  },
  {
    path: 'orggroup/:orgGroupId',
    load: () =>
      import('../features/orggroups/detail/OrgGroupDetailScreen').then(
        (m) => m.OrgGroupDetailScreen,
      ),
  },
  {
    path: 'packages',
    load: () => import('../features/packages/PackagesListScreen').then((m) => m.PackagesListScreen),
  },
  {
    path: 'package/:packageId',
    load: () =>
      import('../features/packages/PackageDetailScreen').then((m) => m.PackageDetailScreen),
  },
  {
    path: 'packageversion/:versionId',
    load: () =>
      import('../features/packageversions/PackageVersionDetailScreen').then(
        (m) => m.PackageVersionDetailScreen,
      ),
  },
  {
    path: 'packageorgs',
    load: () =>
      import('../features/packageorgs/list/ConnectedOrgsListScreen').then(
        (m) => m.ConnectedOrgsListScreen,
      ),
  },
  {
    path: 'packageorg/:packageorgId',
    load: () =>
      import('../features/packageorgs/detail/ConnectedOrgDetailScreen').then(
        (m) => m.ConnectedOrgDetailScreen,
      ),
  },
  {
    path: 'admin',
    load: () =>
      import('../features/admin/BackgroundJobsScreen').then((m) => m.BackgroundJobsScreen),
  },
  {
    path: 'tokens',
    load: () => import('../features/tokens/MyTokensScreen').then((m) => m.MyTokensScreen),
  },
];

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * Whether `pathname` is an address of the route `path`, as the router matches it: segment by
 * segment, ignoring case and a trailing slash, a `:name` segment standing for any one segment.
 */
export function matchesRoute(path: string | null, pathname: string): boolean {
  const wanted = segmentsOf(path ?? '');
  let given: string[];
  try {
    given = segmentsOf(pathname).map(decodeURIComponent);
  } catch {
    return false; // a malformed address is the router's to answer
  }
  return (
    wanted.length === given.length &&
    wanted.every(
      (segment, i) => segment.startsWith(':') || segment.toLowerCase() === given[i]?.toLowerCase(),
    )
  );
}

/** The screen shown at `pathname`, if any. */
export function screenAt(pathname: string): LazyScreen | undefined {
  return [...SIGN_IN_SCREENS, ...LAYOUT_SCREENS].find((screen) =>
    matchesRoute(screen.path, pathname),
  );
}

/**
 * Starts downloading the screen shown at `pathname`. Only a head start: the router loads it again
 * (the browser keeps one copy of a module) and reports a failure itself.
 */
export function preloadScreen(pathname: string): void {
  screenAt(pathname)
    ?.load()
    .catch(() => undefined);
}
