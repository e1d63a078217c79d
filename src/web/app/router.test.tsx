import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { useLiveInvalidation } from '../api/live';
import { createTestQueryClient } from '../testing/renderWithProviders';
import { listPage, makeLicense, makePackage, makeVersion } from '../testing/fixtures';
import { calledUrls, stubFetch, type StubRoute } from '../testing/stubFetch';
import { makeConnectedOrg } from '../features/packageorgs/testing/connectedOrgFixtures';
import { makeGroup } from '../features/orggroups/testing/orgGroupFixtures';
import { makeOrg, makeOrgDetail } from '../features/orgs/testing/orgFixtures';
import {
  makeItemDetail,
  makeUpgrade,
  makeUpgradeDetail,
} from '../features/upgrades/testing/upgradeFixtures';
import { App } from './App';
import { connectRouterToApiClient } from './connectRouterToApiClient';
import { routes } from './router';

// The live channel would open a socket to a server that is not there; the router is under test.
vi.mock('../api/live', () => ({
  useLiveInvalidation: vi.fn(),
  closeLiveSocket: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
  sendLiveMessage: vi.fn(),
}));

const signedIn: Record<string, StubRoute> = {
  'GET /api/admin/jobs': { json: { jobs: [], queue: [], history: { latest: [], all: [] } } },
  'GET /api/admin/settings': { json: { app_name: null, enable_sumo: false } },
  'GET /oauth2/user': {
    json: {
      display_name: 'Ada Operator',
      username: 'ada@example.com',
      read_only: false,
      enforce_activation_policy: true,
      enable_sumo: false,
      auth_method: 'salesforce',
    },
  },
  'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
  'POST /oauth2/logout': { status: 204 },
};

function renderApp(path: string, fetchRoutes: Record<string, StubRoute> = signedIn) {
  window.innerWidth = 1280;
  const fetchMock = stubFetch(fetchRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  connectRouterToApiClient(router);
  render(<App router={router} queryClient={createTestQueryClient()} />);
  return { router, fetchMock };
}

const NOT_AVAILABLE = 'This screen is not available yet.';

const license = makeLicense();
const org = makeOrgDetail();
const group = makeGroup();
const pkg = makePackage();
const version = makeVersion();
const connectedOrg = makeConnectedOrg();
const upgrade = makeUpgradeDetail();
const request = makeItemDetail();

// What the built screens ask for first, so each renders its real content; the tabs' further
// requests may answer 404, which is not what these tests look at.
const screenAnswers: Record<string, StubRoute> = {
  ...signedIn,
  'GET /api/filters': { json: [] },
  'GET /api/licenses': { json: listPage([license]) },
  [`GET /api/licenses/${license.sfid}`]: { json: license },
  'GET /api/orgs': { json: listPage([makeOrg()]) },
  [`GET /api/orgs/${org.org_id}`]: { json: org },
  'GET /api/orggroups': { json: [group] },
  [`GET /api/orggroups/${group.id}`]: { json: group },
  'GET /api/packages': { json: [pkg] },
  [`GET /api/packages/${pkg.sfid}`]: { json: pkg },
  [`GET /api/packageversions/${version.version_id}`]: { json: version },
  'GET /api/packageorgs': { json: [connectedOrg] },
  [`GET /api/packageorgs/${connectedOrg.org_id}`]: { json: connectedOrg },
  'GET /api/upgrades': { json: [makeUpgrade()] },
  [`GET /api/upgrades/${upgrade.id}`]: { json: upgrade },
  [`GET /api/upgradeitems/${request.id}`]: { json: request },
  'GET /api/home': {
    json: {
      active_upgrades: [],
      failures: { since: '2026-11-26T00:00:00.000Z', total: 0, upgrades: [], clusters: [] },
      attention: { connected_orgs: [], expiring_licenses: 0, expiring_until: '2026-12-26' },
      jobs: { running: [], failed: [] },
      adoption: { counted_at: null, packages: [] },
    },
  },
};

// Every built route of docs/product.md "Route table", with its screen and the heading it shows once
// its data is in.
const builtScreens: [path: string, screen: string, heading: string][] = [
  ['/licenses', 'licenses', 'Licenses'],
  [`/license/${license.sfid}`, 'license', license.name!],
  ['/orgs', 'orgs', 'Orgs'],
  [`/org/${org.org_id}`, 'org', org.name!],
  ['/orggroups', 'orggroups', 'Org Groups'],
  [`/orggroup/${group.id}`, 'orggroup', group.name],
  ['/packages', 'packages', 'Packages'],
  [`/package/${pkg.sfid}`, 'package', pkg.name],
  [
    `/packageversion/${version.version_id}`,
    'packageversion',
    `${version.package_name} ${version.version_number}`,
  ],
  ['/packageorgs', 'packageorgs', 'Connected Orgs'],
  [`/packageorg/${connectedOrg.org_id}`, 'packageorg', connectedOrg.name],
  ['/', 'home', 'Fleet'],
  ['/upgrades', 'upgrades', 'Upgrades'],
  [`/upgrade/${upgrade.id}`, 'upgrade', upgrade.description],
  [
    `/upgradeitem/${request.id}`,
    'upgradeitem',
    `${request.package_name ?? 'Package'} ${request.version_number ?? ''}`.trim(),
  ],
];

describe('routes', () => {
  it.each(builtScreens)(
    '%s renders the real %s screen inside the Layout',
    async (path, name, heading) => {
      renderApp(path, screenAnswers);

      // The first visit loads the screen's lazy chunk, slow on a busy machine.
      const screenRoot = await screen.findByTestId(`screen-${name}`, {}, { timeout: 5000 });
      expect(
        await within(screenRoot).findByRole(
          'heading',
          { name: heading, level: 1 },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(within(screenRoot).queryByText(NOT_AVAILABLE)).not.toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByPlaceholderText('Type / to find org')).toBeInTheDocument();
    },
  );

  it('/admin renders the Background Jobs screen inside the Layout', async () => {
    renderApp('/admin');
    const screenRoot = await screen.findByTestId('screen-admin');
    expect(
      within(screenRoot).getByRole('heading', { name: 'Background Jobs' }),
    ).toBeInTheDocument();
    expect(await within(screenRoot).findByText('No active jobs')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('asks the server for the record the detail route names', async () => {
    const { fetchMock } = renderApp(`/org/${org.org_id}`, screenAnswers);
    await screen.findByRole('heading', { name: org.name!, level: 1 });
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toContain(`/api/orgs/${org.org_id}`);
  });

  it('mounts the live invalidation once, in the Layout', async () => {
    renderApp('/orgs');
    await screen.findByTestId('screen-orgs');
    expect(useLiveInvalidation).toHaveBeenCalled();
  });

  it('shows a not-found page inside the Layout for any other path', async () => {
    renderApp('/no/such/page');
    const notFound = await screen.findByTestId('screen-not-found');
    expect(within(notFound).getByText('There is no page at /no/such/page.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the login page without the top menu', async () => {
    renderApp('/login?r=%2Forgs');
    expect(
      await screen.findByRole('button', { name: 'Sign in with Salesforce' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the login page after /logout', async () => {
    renderApp('/logout');
    expect(await screen.findByTestId('screen-login')).toBeInTheDocument();
  });

  it('sends /authresponse without a message to the home page', async () => {
    const { router } = renderApp('/authresponse?code=X');
    expect(await screen.findByTestId('screen-home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('moves to /login?r=<path> when the server answers 401', async () => {
    const { router } = renderApp('/orgs?blacklisted=true', {
      ...signedIn,
      'GET /oauth2/user': { status: 401, json: { message: 'Not signed in' } },
    });

    // The login page is a lazy chunk, slow to load on a busy machine.
    expect(await screen.findByTestId('screen-login', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('r')).toBe(
      '/orgs?blacklisted=true',
    );
  });

  it("still shows the top menu, naming the user 'Invalid', when the user lookup fails", async () => {
    renderApp('/orgs', {
      ...signedIn,
      'GET /oauth2/user': { status: 404, json: { message: 'Route GET:/oauth2/user not found' } },
    });

    expect(await screen.findByRole('link', { name: 'Logout Invalid' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByTestId('screen-orgs')).toBeInTheDocument();
  });
});
