import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys } from '../../api/queryKeys';
import { redirectBrowserTo } from '../../api/redirect';
import type * as RedirectModule from '../../api/redirect';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { calledUrls, stubFetch, type StubRoute } from '../../testing/stubFetch';
import { loginArtworks } from './login-art/loginArtworks';
import { LoginPage } from './LoginPage';

// Leaving the app is a full page load, which happy-dom cannot do; record where it would go.
vi.mock('../../api/redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof RedirectModule>()),
  redirectBrowserTo: vi.fn(),
}));

function renderLogin(route: string, routes: Record<string, StubRoute>) {
  const fetchMock = stubFetch(routes);
  return { fetchMock, ...renderWithProviders(<LoginPage />, { route }) };
}

describe('LoginPage', () => {
  it('shows one of our pictures with its message', () => {
    renderLogin('/login', {
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
    });
    const message = screen.getByTestId('login-message').textContent;
    expect(loginArtworks.map((artwork) => artwork.message)).toContain(message);
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
  });

  it('has no admin access key field when the server has no key', async () => {
    const { queryClient } = renderLogin('/login', {
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.authSettings)?.status).toBe('success'),
    );
    expect(screen.queryByLabelText('Admin access key')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Salesforce' })).toBeInTheDocument();
  });

  it('submits the admin access key on Enter in a POST body (never the URL) and follows the returned url', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogin('/login?r=%2Forgs%3Fblacklisted%3Dtrue', {
      'GET /oauth2/settings': { json: { has_admin_access_key: true, app_name: null } },
      'POST /oauth2/adminaccess': { json: { url: '/orgs?blacklisted=true' } },
    });

    const field = await screen.findByLabelText('Admin access key');
    await user.type(field, 's3cret');
    expect(calledUrls(fetchMock).some((url) => url.pathname === '/oauth2/adminaccess')).toBe(false);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(redirectBrowserTo).toHaveBeenCalledWith('/orgs?blacklisted=true'));
    const at = calledUrls(fetchMock).findIndex((url) => url.pathname === '/oauth2/adminaccess');
    const called = calledUrls(fetchMock)[at];
    const init = fetchMock.mock.calls[at]?.[1];
    expect(called?.search).toBe('');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-Requested-With']).toBe('pushboard');
    expect(JSON.parse(init?.body as string)).toEqual({
      key: 's3cret',
      returnTo: '/orgs?blacklisted=true',
    });
  });

  it("shows the server's own sentence when wrong keys are limited", async () => {
    const user = userEvent.setup();
    renderLogin('/login', {
      'GET /oauth2/settings': { json: { has_admin_access_key: true, app_name: null } },
      'POST /oauth2/adminaccess': {
        status: 429,
        json: {
          message: 'Too many wrong access keys from your address. Try again in 15 minutes.',
          subject: 'Too Many Requests',
        },
      },
    });

    await user.type(await screen.findByLabelText('Admin access key'), 'guess{Enter}');

    expect(await screen.findByText(/Try again in 15 minutes/)).toBeInTheDocument();
    expect(redirectBrowserTo).not.toHaveBeenCalled();
  });

  it("says 'Too many attempts' for a 429 that is not the server's own (a proxy's)", async () => {
    const user = userEvent.setup();
    renderLogin('/login', {
      'GET /oauth2/settings': { json: { has_admin_access_key: true, app_name: null } },
      'POST /oauth2/adminaccess': { status: 429, text: '<html>rate limited</html>' },
    });

    await user.type(await screen.findByLabelText('Admin access key'), 'guess{Enter}');

    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
    expect(redirectBrowserTo).not.toHaveBeenCalled();
  });

  it('starts sign-in through the license management org, going where the answer says', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogin('/login?r=%2Fadmin', {
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
      'GET /oauth2/loginurl': { json: { url: 'https://login.example.test/authorize?state=abc' } },
    });

    await user.click(screen.getByRole('button', { name: 'Sign in with Salesforce' }));

    await waitFor(() =>
      expect(redirectBrowserTo).toHaveBeenCalledWith(
        'https://login.example.test/authorize?state=abc',
      ),
    );
    const call = calledUrls(fetchMock).find((url) => url.pathname === '/oauth2/loginurl');
    expect(call?.searchParams.get('returnTo')).toBe('/admin');
  });

  it('never returns to another site, whatever r says', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogin('/login?r=%2F%2Fevil.example.com', {
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
      'GET /oauth2/loginurl': { json: { url: 'https://login.example.test/' } },
    });

    await user.click(screen.getByRole('button', { name: 'Sign in with Salesforce' }));

    await waitFor(() => expect(redirectBrowserTo).toHaveBeenCalled());
    const call = calledUrls(fetchMock).find((url) => url.pathname === '/oauth2/loginurl');
    expect(call?.searchParams.get('returnTo')).toBe('/');
  });

  it('shows a failed sign-in start inline', async () => {
    const user = userEvent.setup();
    renderLogin('/login', {
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
      'GET /oauth2/loginurl': { status: 500, json: { message: 'No connected app is configured' } },
    });

    await user.click(screen.getByRole('button', { name: 'Sign in with Salesforce' }));

    expect(await screen.findByText('No connected app is configured')).toBeInTheDocument();
    expect(redirectBrowserTo).not.toHaveBeenCalled();
  });

  it('forgets the cached user on entry', async () => {
    sessionStorage.setItem(
      'user',
      JSON.stringify({ display_name: 'Old', username: 'old@example.com' }),
    );
    const fetchMock = stubFetch({
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
    });
    const { queryClient } = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(fetchMock).toHaveBeenCalled();

    await waitFor(() => expect(sessionStorage.getItem('user')).toBeNull());
    expect(queryClient.getQueryState(queryKeys.currentUser)).toBeUndefined();
  });
});
