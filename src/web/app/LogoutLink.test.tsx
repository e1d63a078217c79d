import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { stubFetch } from '../testing/stubFetch';
import { LogoutLink } from './LogoutLink';

const ada = {
  display_name: 'Ada Operator',
  username: 'ada@example.com',
  read_only: false,
  enforce_activation_policy: true,
  enable_sumo: false,
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
});
