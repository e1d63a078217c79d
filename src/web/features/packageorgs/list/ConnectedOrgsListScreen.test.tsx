import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTED_ORGS_NOTE, READ_ONLY_MESSAGE } from '../../../../domain';
import { redirectBrowserTo } from '../../../api/redirect';
import type * as RedirectModule from '../../../api/redirect';
import { calledUrls } from '../../../testing/stubFetch';
import { RECONNECT_HINT } from './connectedOrgCells';
import { makeConnectedOrg, PACKAGING_ORG_ID } from '../testing/connectedOrgFixtures';
import { renderConnectedOrgScreen } from '../testing/renderConnectedOrgScreen';

const SLOW = { timeout: 20_000 };

vi.mock('../../../api/redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof RedirectModule>()),
  redirectBrowserTo: vi.fn(),
}));

const REFUSED =
  'Salesforce refused its refresh token (invalid_grant: expired access/refresh token): connect the org again.';

const orgs = [
  makeConnectedOrg(),
  makeConnectedOrg({
    org_id: '00D000000000011EAA',
    name: 'License HQ',
    type: 'Licenses',
    status: 'Unprotected',
    namespace: null,
    active: false,
  }),
  makeConnectedOrg({
    org_id: '00D000000000012EAA',
    name: 'Old Accounts',
    type: 'Accounts',
    status: 'Invalid',
    status_reason: REFUSED,
    instance_url: 'https://old.my.salesforce.com',
    namespace: null,
  }),
];

const routes = { 'GET /api/packageorgs': { json: orgs } };

function rowOf(name: string) {
  return screen.getByText(name).closest('tr')!;
}

describe('ConnectedOrgsListScreen', () => {
  it('shows the title with the count, the permission note and the columns', SLOW, async () => {
    renderConnectedOrgScreen({ route: '/packageorgs', routes });

    expect(screen.getByRole('heading', { level: 1, name: 'Connected Orgs' })).toBeInTheDocument();
    // Counts of 0 to 10 are spelled out (docs/product.md "Constants and limits").
    expect(await screen.findByTestId('list-total')).toHaveTextContent('three');
    expect(screen.getByText(CONNECTED_ORGS_NOTE)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'packageorgs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Name',
      'Description',
      'Org ID',
      'Type',
      'Instance URL',
      'Connection Status',
      'Active',
    ]);
    await within(table).findByText('License HQ');
    expect(rowOf('License HQ')).toHaveTextContent('No');
    expect(rowOf('Billing Packaging')).toHaveTextContent('Yes');
  });

  it('colours Connected and Unprotected green and any other status red', SLOW, async () => {
    renderConnectedOrgScreen({ route: '/packageorgs', routes });
    await screen.findByText('Old Accounts');

    for (const [name, status, colour] of [
      ['Billing Packaging', 'Connected', 'green'],
      ['License HQ', 'Unprotected', 'green'],
      ['Old Accounts', 'Invalid', 'red'],
    ] as const) {
      const badge = within(rowOf(name)).getByText(status).closest('.mantine-Badge-root')!;
      expect(badge.getAttribute('style')).toContain(`--mantine-color-${colour}`);
    }
  });

  it('says on an Invalid row why it needs connecting again', SLOW, async () => {
    renderConnectedOrgScreen({ route: '/packageorgs', routes });
    await screen.findByText('Old Accounts');
    expect(within(rowOf('Old Accounts')).getByTestId('status-reason')).toHaveTextContent(REFUSED);
    expect(within(rowOf('Billing Packaging')).queryByTestId('status-reason')).toBeNull();
  });

  it(
    'opens a connected org; a click on a row that is not Connected re-connects it',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { router, fetchMock, userLoaded } = renderConnectedOrgScreen({
        route: '/packageorgs',
        routes: {
          ...routes,
          'GET /api/packageorgs/00D000000000010EAA': { json: makeConnectedOrg() },
          'GET /oauth2/orgurl': { json: { url: 'https://old.my.salesforce.com/authorize' } },
        },
      });
      await userLoaded();
      await screen.findByText('Old Accounts');

      expect(within(rowOf('Old Accounts')).queryByRole('link')).not.toBeInTheDocument();
      expect(within(rowOf('License HQ')).queryByRole('link')).not.toBeInTheDocument();
      await user.hover(screen.getByText('Old Accounts'));
      expect(await screen.findByRole('tooltip')).toHaveTextContent(RECONNECT_HINT);
      await user.click(screen.getByText('Old Accounts'));
      await waitFor(() =>
        expect(redirectBrowserTo).toHaveBeenCalledWith('https://old.my.salesforce.com/authorize'),
      );
      const asked = calledUrls(fetchMock).find((url) => url.pathname === '/oauth2/orgurl');
      expect(asked?.searchParams.get('instanceUrl')).toBe('https://old.my.salesforce.com');
      expect(asked?.searchParams.get('type')).toBe('Accounts');
      expect(asked?.searchParams.get('returnTo')).toBe('/packageorgs');
      expect(router.state.location.pathname).toBe('/packageorgs');

      const link = within(rowOf('Billing Packaging')).getByRole('link', {
        name: 'Billing Packaging',
      });
      expect(link).toHaveAttribute('href', `/packageorg/${PACKAGING_ORG_ID}`);
      await user.click(link);
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/packageorg/${PACKAGING_ORG_ID}`),
      );
    },
  );

  it('Add Org goes to the production login, with shift to the sandbox login', SLOW, async () => {
    const user = userEvent.setup();
    const { fetchMock, userLoaded } = renderConnectedOrgScreen({
      route: '/packageorgs',
      routes: { ...routes, 'GET /oauth2/orgurl': { json: { url: 'https://login/authorize' } } },
    });
    await userLoaded();
    await screen.findByText('Old Accounts');

    await user.click(screen.getByRole('button', { name: 'Add Org' }));
    await waitFor(() => expect(redirectBrowserTo).toHaveBeenCalled());
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Add Org' }));
    await user.keyboard('{/Shift}');
    await waitFor(() =>
      expect(calledUrls(fetchMock).filter((url) => url.pathname === '/oauth2/orgurl')).toHaveLength(
        2,
      ),
    );
    const [plain, shifted] = calledUrls(fetchMock).filter(
      (url) => url.pathname === '/oauth2/orgurl',
    );
    expect(plain?.searchParams.get('sandbox')).toBeNull();
    expect(plain?.searchParams.get('instanceUrl')).toBeNull();
    expect(shifted?.searchParams.get('sandbox')).toBe('true');
  });

  it(
    'acts on the selection: Refresh and Revoke need Connected, Delete confirms',
    SLOW,
    async () => {
      const user = userEvent.setup();
      let deleted: unknown;
      const { userLoaded } = renderConnectedOrgScreen({
        route: '/packageorgs',
        routes: {
          ...routes,
          'POST /api/packageorgs/delete': (_url, init) => {
            deleted = JSON.parse(init?.body as string);
            return { json: { orgIds: [] } };
          },
        },
      });
      await userLoaded();
      await screen.findByText('Old Accounts');

      // Nothing selected: the selection actions say what to do first.
      for (const name of ['Refresh', 'Revoke', 'Delete'])
        expect(screen.getByRole('button', { name })).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: `Select row ${PACKAGING_ORG_ID}` }));
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      await user.click(screen.getByRole('checkbox', { name: 'Select row 00D000000000012EAA' }));
      expect(screen.getByRole('button', { name: 'Revoke' })).toBeDisabled();
      await user.hover(screen.getByRole('button', { name: 'Revoke' }).parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        'Old Accounts: This org is not connected.',
      );

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(
        await screen.findByText('Are you sure you want to remove 2 connected org(s)?'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Yes' }));
      await waitFor(() =>
        expect(deleted).toEqual({ orgIds: [PACKAGING_ORG_ID, '00D000000000012EAA'] }),
      );
    },
  );

  it(
    'gives a read-only user no row selection and says why the actions are disabled',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded } = renderConnectedOrgScreen({
        route: '/packageorgs',
        routes,
        readOnly: true,
      });
      await userLoaded();
      await screen.findByText('Old Accounts');

      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
      await user.hover(screen.getByRole('button', { name: 'Revoke' }).parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
    },
  );
});
