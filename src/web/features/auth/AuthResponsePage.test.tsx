import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AUTH_RESPONSES } from '../../../domain/auth-response';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { AuthResponsePage, UNKNOWN_AUTH_RESPONSE } from './AuthResponsePage';

const startPage = { path: '/', element: <p>Start page</p> };

describe('AuthResponsePage', () => {
  it('shows the fixed sentence of a known code with its Severity and Error code', () => {
    const { message } = AUTH_RESPONSES.OAUTH_APPROVAL_ERROR_GENERIC;
    renderWithProviders(<AuthResponsePage />, {
      route: `/authresponse?${new URLSearchParams({ message, severity: 'Error', code: 'OAUTH_APPROVAL_ERROR_GENERIC' }).toString()}`,
      extraRoutes: [startPage],
    });

    expect(screen.getByRole('heading', { name: 'Sorry about this, but...' })).toBeInTheDocument();
    expect(screen.getByTestId('authresponse-message')).toHaveTextContent(message);
    expect(
      screen.getByRole('rowheader', { name: 'Severity' }).nextElementSibling,
    ).toHaveTextContent('Error');
    expect(
      screen.getByRole('rowheader', { name: 'Error code' }).nextElementSibling,
    ).toHaveTextContent('OAUTH_APPROVAL_ERROR_GENERIC');
  });

  it("never shows the query's own text: a crafted link puts no words on the page", () => {
    const forged = 'Your account is locked. Call +1 555 0100.';
    const { container } = renderWithProviders(<AuthResponsePage />, {
      route: `/authresponse?${new URLSearchParams({ message: forged, severity: 'Call us', code: 'Call +1 555' }).toString()}`,
      extraRoutes: [startPage],
    });

    expect(screen.getByTestId('authresponse-message')).toHaveTextContent(UNKNOWN_AUTH_RESPONSE);
    expect(container).not.toHaveTextContent(/555|Call|locked/);
    expect(screen.queryByRole('rowheader', { name: 'Error code' })).not.toBeInTheDocument();

    // A known code shows its own sentence, whatever message the link carries.
    const { container: known } = renderWithProviders(<AuthResponsePage />, {
      route: `/authresponse?${new URLSearchParams({ message: forged, code: 'access_denied' }).toString()}`,
      extraRoutes: [startPage],
    });
    expect(known).toHaveTextContent(AUTH_RESPONSES.access_denied.message);
    expect(known).not.toHaveTextContent(/555|locked/);
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
