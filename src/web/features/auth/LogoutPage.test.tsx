import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../api/queryKeys';
import { createTestQueryClient, renderWithProviders } from '../../testing/renderWithProviders';
import { calledUrls, stubFetch } from '../../testing/stubFetch';
import { LogoutPage } from './LogoutPage';

describe('LogoutPage', () => {
  it('ends the server session, forgets every cached answer, then shows the login page', async () => {
    sessionStorage.setItem('user', JSON.stringify({ display_name: 'Ada' }));
    const fetchMock = stubFetch({
      'POST /oauth2/logout': { status: 204 },
      'GET /oauth2/settings': { json: { has_admin_access_key: false, app_name: null } },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.orgs, [{ org_id: '00D000000000001AAA' }]);
    renderWithProviders(<LogoutPage />, { route: '/logout', queryClient });

    expect(await screen.findByTestId('screen-login')).toBeInTheDocument();
    // A POST with the CSRF header: the server has no GET sign-out.
    const signOut = fetchMock.mock.calls.filter(
      (_, i) => calledUrls(fetchMock)[i]?.pathname === '/oauth2/logout',
    );
    expect(signOut.map(([, init]) => init?.method)).toEqual(['POST']);
    expect((signOut[0]?.[1]?.headers as Record<string, string>)['X-Requested-With']).toBe(
      'pushboard',
    );
    expect(sessionStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.orgs)).toBeUndefined());
  });
});
