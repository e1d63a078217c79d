import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { AuthResponsePage } from './AuthResponsePage';

const startPage = { path: '/', element: <p>Start page</p> };

describe('AuthResponsePage', () => {
  it('shows the message, Severity and Error code from the query', () => {
    renderWithProviders(<AuthResponsePage />, {
      route:
        '/authresponse?message=The%20org%20denied%20access&severity=ERROR&code=OAUTH_APPROVAL_ERROR',
      extraRoutes: [startPage],
    });

    expect(screen.getByRole('heading', { name: 'Sorry about this, but...' })).toBeInTheDocument();
    expect(screen.getByText('The org denied access')).toBeInTheDocument();
    expect(
      screen.getByRole('rowheader', { name: 'Severity' }).nextElementSibling,
    ).toHaveTextContent('ERROR');
    expect(
      screen.getByRole('rowheader', { name: 'Error code' }).nextElementSibling,
    ).toHaveTextContent('OAUTH_APPROVAL_ERROR');
  });

  it('redirects to / (replacing the entry) when there is no message', async () => {
    const { router } = renderWithProviders(<AuthResponsePage />, {
      route: '/authresponse?severity=ERROR&code=X',
      extraRoutes: [startPage],
    });

    expect(await screen.findByText('Start page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Sorry about this, but...')).not.toBeInTheDocument();
  });
});
