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
      'GET /oauth2/logout': { status: 204 },
      'GET /oauth2/settings': { json: { has_admin_access_key: false } },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.orgs, [{ org_id: '00D000000000001AAA' }]);
    renderWithProviders(<LogoutPage />, { route: '/logout', queryClient });

    expect(await screen.findByTestId('screen-login')).toBeInTheDocument();
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toContain('/oauth2/logout');
    expect(sessionStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.orgs)).toBeUndefined());
  });
});
