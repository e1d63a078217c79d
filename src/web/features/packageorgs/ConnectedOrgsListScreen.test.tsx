import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTED_ORGS_NOTE, READ_ONLY_MESSAGE } from '../../../domain';
import { NOT_AVAILABLE_YET } from '../../components/ChangeActionButton';
import { RECONNECT_NOT_YET } from './connectedOrgCells';
import { makeConnectedOrg, PACKAGING_ORG_ID } from './connectedOrgFixtures';
import { renderConnectedOrgScreen } from './renderConnectedOrgScreen';

const SLOW = { timeout: 20_000 };

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
    // Spec §9: counts of 0 to 10 are spelled out.
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

  it(
    'opens a connected org; a row that is not Connected says why it does not open',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { router } = renderConnectedOrgScreen({
        route: '/packageorgs',
        routes: {
          ...routes,
          'GET /api/packageorgs/00D000000000010EAA': { json: makeConnectedOrg() },
        },
      });
      await screen.findByText('Old Accounts');

      expect(within(rowOf('Old Accounts')).queryByRole('link')).not.toBeInTheDocument();
      expect(within(rowOf('License HQ')).queryByRole('link')).not.toBeInTheDocument();
      await user.hover(screen.getByText('Old Accounts'));
      expect(await screen.findByRole('tooltip')).toHaveTextContent(RECONNECT_NOT_YET);
      await user.click(screen.getByText('Old Accounts'));
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

  it(
    'lets a user who may change things select rows; the actions wait for their release',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded } = renderConnectedOrgScreen({ route: '/packageorgs', routes });
      await userLoaded();
      await screen.findByText('Old Accounts');

      expect(
        screen.getByRole('checkbox', { name: `Select row ${PACKAGING_ORG_ID}` }),
      ).toBeEnabled();
      for (const name of ['Add Org', 'Refresh', 'Revoke', 'Delete']) {
        expect(screen.getByRole('button', { name })).toBeDisabled();
      }
      await user.hover(screen.getByRole('button', { name: 'Add Org' }).parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(NOT_AVAILABLE_YET);
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
