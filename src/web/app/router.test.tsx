import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { useLiveInvalidation } from '../api/live';
import { createTestQueryClient } from '../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../testing/stubFetch';
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
    },
  },
  'GET /oauth2/settings': { json: { has_admin_access_key: false } },
  'GET /oauth2/logout': { status: 204 },
};

function renderApp(path: string, fetchRoutes: Record<string, StubRoute> = signedIn) {
  window.innerWidth = 1280;
  stubFetch(fetchRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  connectRouterToApiClient(router);
  render(<App router={router} queryClient={createTestQueryClient()} />);
  return router;
}

// Every route of spec §2 that shows an app screen, with the screen and title it must render.
const appScreens: [path: string, screen: string, title: string][] = [
  ['/', 'upgrades', 'Upgrades'],
  ['/upgrades', 'upgrades', 'Upgrades'],
  ['/upgrade/a0B000000000001', 'upgrade', 'Upgrade'],
  ['/upgradeitem/a0C000000000001', 'upgradeitem', 'Upgrade Request'],
  ['/licenses', 'licenses', 'Licenses'],
  ['/license/a0D000000000001', 'license', 'License'],
  ['/orgs', 'orgs', 'Orgs'],
  ['/org/00D000000000001AAA', 'org', 'Org'],
  ['/orggroups', 'orggroups', 'Org Groups'],
  ['/orggroup/42', 'orggroup', 'Org Group'],
  ['/packages', 'packages', 'Packages'],
  ['/package/033000000000001', 'package', 'Package'],
  ['/packageversion/04t000000000001', 'packageversion', 'Package Version'],
  ['/packageorgs', 'packageorgs', 'Connected Orgs'],
  ['/packageorg/00D000000000002AAA', 'packageorg', 'Connected Org'],
];

describe('routes', () => {
  it.each(appScreens)('%s renders the %s screen inside the Layout', async (path, name, title) => {
    renderApp(path);

    const screenRoot = await screen.findByTestId(`screen-${name}`);
    expect(within(screenRoot).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(screenRoot).getByText('This screen is not available yet.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type / to find org')).toBeInTheDocument();
  });

  it('/admin renders the Background Jobs screen inside the Layout', async () => {
    renderApp('/admin');
    const screenRoot = await screen.findByTestId('screen-admin');
    expect(
      within(screenRoot).getByRole('heading', { name: 'Background Jobs' }),
    ).toBeInTheDocument();
    expect(await within(screenRoot).findByText('No active jobs')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('names the requested record on a detail screen', async () => {
    renderApp('/org/00D000000000001AAA');
    expect(await screen.findByText('Org ID 00D000000000001AAA')).toBeInTheDocument();
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

  it('sends /authresponse without a message to the Upgrades list', async () => {
    const router = renderApp('/authresponse?code=X');
    expect(await screen.findByTestId('screen-upgrades')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('moves to /login?r=<path> when the server answers 401', async () => {
    const router = renderApp('/orgs?blacklisted=true', {
      ...signedIn,
      'GET /oauth2/user': { status: 401, json: { message: 'Not signed in' } },
    });

    expect(await screen.findByTestId('screen-login')).toBeInTheDocument();
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
