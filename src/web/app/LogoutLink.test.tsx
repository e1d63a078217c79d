import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { stubFetch } from '../testing/stubFetch';
import { LogoutLink, SIGN_OUT_EVERYWHERE_TEXT } from './LogoutLink';

const ada = {
  display_name: 'Ada Operator',
  username: 'ada@example.com',
  read_only: false,
  enforce_activation_policy: true,
  enable_sumo: false,
  auth_method: 'salesforce',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LogoutLink', () => {
  it('shows the display name and links to /logout', async () => {
    stubFetch({ 'GET /oauth2/user': { json: ada } });
    renderWithProviders(<LogoutLink />);

    const link = await screen.findByRole('link', { name: 'Logout Ada Operator' });
    expect(link).toHaveTextContent('Ada Operator');
    expect(link).toHaveAttribute('href', '/logout');
  });

  it("shows 'Logged in as <username>' only after hovering for 600 ms", async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /oauth2/user': { json: ada } });
    renderWithProviders(<LogoutLink />);
    const link = await screen.findByRole('link', { name: 'Logout Ada Operator' });

    await user.hover(link);
    await sleep(400);
    expect(screen.queryByText('Logged in as ada@example.com')).not.toBeInTheDocument();

    expect(
      await screen.findByText('Logged in as ada@example.com', {}, { timeout: 1000 }),
    ).toBeInTheDocument();
  });

  it("shows 'Invalid' with the error message as username when the lookup fails", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /oauth2/user': { status: 404, json: { message: 'Route GET:/oauth2/user not found' } },
    });
    renderWithProviders(<LogoutLink />);

    const link = await screen.findByRole('link', { name: 'Logout Invalid' });
    await user.hover(link);
    expect(
      await screen.findByText(
        'Logged in as Route GET:/oauth2/user not found',
        {},
        { timeout: 1500 },
      ),
    ).toBeInTheDocument();
  });

  it("offers 'Sign out everywhere' in the user menu; it asks first, then ends every session", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /oauth2/user': { json: ada },
      'POST /oauth2/logout-everywhere': { json: { result: 'ok', sessions: 2 } },
    });
    renderWithProviders(<LogoutLink />, {
      extraRoutes: [{ path: '/logout', element: <p>signed out page</p> }],
    });
    await screen.findByRole('link', { name: 'Logout Ada Operator' });

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toHaveAttribute(
      'href',
      '/logout',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent(SIGN_OUT_EVERYWHERE_TEXT);
    const posts = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([url, init]) => ({
          url: url instanceof Request ? url.url : url.toString(),
          csrf: (init?.headers as Record<string, string>)['X-Requested-With'],
        }));
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('signed out page')).toBeInTheDocument();
    expect(posts()).toEqual([{ url: '/oauth2/logout-everywhere', csrf: 'pushboard' }]);
  });

  it('Cancel leaves every session alone', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'GET /oauth2/user': { json: ada } });
    renderWithProviders(<LogoutLink />);
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
