import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANNOT_BE_UPGRADED, READ_ONLY_MESSAGE } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { calledUrls, type StubRoute } from '../../../testing/stubFetch';
import { ORG_TABS_ID } from './OrgDetailScreen';
import {
  makeGroup,
  makeJob,
  makeLicense,
  makeOrg,
  makeOrgDetail,
  makeVersion,
  ORG_ID,
  RELATED_ORG_ID,
} from '../testing/orgFixtures';
import { listPage, makeUser } from '../../../testing/fixtures';
import { renderOrgScreen } from '../testing/renderOrgScreen';

vi.mock('../../../api/live', () => ({ sendLiveMessage: vi.fn() }));

/** Opens the org with `tab` remembered as the active tab, as a returning operator would. */
function renderTab(
  tab: 'versions' | 'licenses' | 'jobs' | 'related' | 'groups',
  routes: Record<string, StubRoute>,
  user = makeUser(),
) {
  localStorage.setItem(`pushboard:tabs:${ORG_TABS_ID}`, JSON.stringify(tab));
  return renderOrgScreen({
    route: `/org/${ORG_ID}`,
    user,
    routes: { [`GET /api/orgs/${ORG_ID}`]: { json: makeOrgDetail() }, ...routes },
  });
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  return within(table).getByText(text).closest('tr')!;
}

describe('Org detail tabs', () => {
  describe('Versions', () => {
    const VERSIONS = [
      // 1.2 -> 1.5 with an Active license: upgradeable, green.
      makeVersion(),
      // 2.0 -> 2.3 but the license expired: grey, 'cannot be upgraded'.
      makeVersion({
        package_id: '033000000000002AAA',
        package_name: 'Payroll',
        version_id: '04t000000000020AAA',
        version_number: '2.0',
        version_sort: '0002.0000.0000',
        latest_version_id: '04t000000000023AAA',
        latest_version_number: '2.3',
        latest_version_sort: '0002.0003.0000',
        license_status: 'Expired',
      }),
      // Already on the latest: no badge.
      makeVersion({
        package_id: '033000000000003AAA',
        package_name: 'Reports',
        version_id: '04t000000000030AAA',
        version_number: '3.0',
        version_sort: '0003.0000.0000',
        latest_version_id: '04t000000000030AAA',
        latest_version_number: '3.0',
        latest_version_sort: '0003.0000.0000',
      }),
    ];

    it("shows the documented columns, links the package and the INSTALLED version, and the badge's colour follows the license", async () => {
      const user = userEvent.setup();
      renderTab('versions', { [`GET /api/orgs/${ORG_ID}/versions`]: { json: VERSIONS } });
      const table = await screen.findByRole('table', { name: 'org versions' });
      await within(table).findByText('Billing');

      const headers = within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim())
        .filter(Boolean);
      expect(headers).toEqual([
        'Package',
        'Installed',
        'Latest',
        'License',
        'Installed On',
        'Status',
      ]);

      const billing = rowOf(table, 'Billing');
      expect(within(billing).getByRole('link', { name: 'Billing' })).toHaveAttribute(
        'href',
        '/package/033000000000001AAA',
      );
      // The installed version, not the latest (the console Pushboard replaces linked the latest).
      expect(within(billing).getByRole('link', { name: '1.2' })).toHaveAttribute(
        'href',
        '/packageversion/04t000000000012AAA',
      );

      const green = within(billing).getByTestId('upgrade-badge');
      expect(green).toHaveTextContent('1.2 -> 1.5');
      expect(green).toHaveAttribute('data-color', 'green');
      expect(green.getAttribute('style')).toContain('--mantine-color-green');
      expect(within(billing).getByRole('link', { name: '1.2 -> 1.5' })).toHaveAttribute(
        'href',
        '/packageversion/04t000000000015AAA',
      );

      const payroll = rowOf(table, 'Payroll');
      const grey = within(payroll).getByTestId('upgrade-badge');
      expect(grey).toHaveTextContent('2.0 -> 2.3');
      expect(grey).toHaveAttribute('data-color', 'grey');
      expect(grey.getAttribute('style')).toContain('--mantine-color-gray');
      await user.hover(grey);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(CANNOT_BE_UPGRADED);

      const reports = rowOf(table, 'Reports');
      expect(within(reports).queryByTestId('upgrade-badge')).not.toBeInTheDocument();
      // Without a badge the Latest cell is the plain version number, linked like Installed.
      expect(within(reports).getAllByRole('link', { name: '3.0' })).toHaveLength(2);
    });

    it('says so when the org has no package installed', async () => {
      renderTab('versions', { [`GET /api/orgs/${ORG_ID}/versions`]: { json: [] } });
      const table = await screen.findByRole('table', { name: 'org versions' });
      expect(await within(table).findByText('No rows')).toBeInTheDocument();
    });
  });

  it("Licenses: the org's licenses from /api/licenses?org_id, every License list column, Name opening the license", async () => {
    const { fetchMock } = renderTab('licenses', {
      'GET /api/licenses': { json: listPage([makeLicense()]) },
    });
    const table = await screen.findByRole('table', { name: 'org licenses' });
    await within(table).findByText('L-000123');

    const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/licenses');
    expect(request?.searchParams.get('org_id')).toBe(ORG_ID);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Name',
      'Account',
      'Package',
      'Version Number',
      'Status',
      'License Org',
      'Last Modified',
      'Installed On',
      'Expiration',
    ]);
    expect(within(table).getByRole('link', { name: 'L-000123' })).toHaveAttribute(
      'href',
      '/license/a0L000000000001AAA',
    );
    expect(within(table).getByRole('link', { name: '1.2' })).toHaveAttribute(
      'href',
      '/packageversion/04t000000000012AAA',
    );
  });

  it("Upgrade Jobs: the org's jobs, the upgrade linked, and a red 'Error' chip on a job with a message", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderTab('jobs', {
      'GET /api/upgradejobs': {
        json: [
          makeJob(),
          makeJob({
            id: 502,
            upgrade_id: 78,
            package_name: 'Payroll',
            status: 'Failed',
            message: 'Package version is not installable',
            duration: 150,
          }),
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'org upgrade jobs' });
    await within(table).findByText('Payroll');

    const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/upgradejobs');
    expect(request?.searchParams.get('orgId')).toBe(ORG_ID);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Upgrade',
      'Package',
      'Original',
      'Current',
      'Target',
      'Start',
      'End',
      'Duration',
      'Status',
    ]);

    const succeeded = rowOf(table, 'Billing');
    expect(within(succeeded).getByRole('link', { name: '77' })).toHaveAttribute(
      'href',
      '/upgrade/77',
    );
    expect(within(succeeded).getByRole('link', { name: '1.5' })).toHaveAttribute(
      'href',
      '/packageversion/04t000000000015AAA',
    );
    expect(within(succeeded).getByText('60 seconds')).toBeInTheDocument();
    expect(within(succeeded).queryByTestId('job-error')).not.toBeInTheDocument();

    const failed = rowOf(table, 'Payroll');
    expect(within(failed).getByText('2.5 minutes')).toBeInTheDocument();
    const chip = within(failed).getByTestId('job-error');
    expect(chip).toHaveTextContent('Error');
    expect(chip.getAttribute('style')).toContain('--mantine-color-red');
    await user.click(chip);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Package version is not installable',
    );
  });

  it('Related Orgs: the orgs of the same account from /api/orgs?relatedOrgId, each opening its org', async () => {
    const { fetchMock } = renderTab('related', {
      'GET /api/orgs': {
        json: listPage([
          makeOrg({ org_id: RELATED_ORG_ID, name: 'Acme Sandbox', environment: 'Sandbox' }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'related orgs' });
    await within(table).findByText('Sandbox');
    const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/orgs');
    expect(request?.searchParams.get('relatedOrgId')).toBe(ORG_ID);
    expect(within(table).getByRole('link', { name: 'Acme Sandbox' })).toHaveAttribute(
      'href',
      `/org/${RELATED_ORG_ID}`,
    );
  });

  describe('Groups', () => {
    const routes = {
      [`GET /api/orggroups/members/${ORG_ID}`]: {
        json: [makeGroup(), makeGroup({ id: 4, name: 'Do Not Upgrade', type: 'Blacklist Group' })],
      },
      [`POST /api/orggroups/members/${ORG_ID}/remove`]: { json: { removed: 1 } },
    };

    it('lists the groups of the org, each opening its group, and removes it from the selected ones', async () => {
      const user = userEvent.setup();
      const { queryClient } = renderTab('groups', routes);
      await waitFor(() =>
        expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
      );
      const table = await screen.findByRole('table', { name: 'org groups' });
      await within(table).findByText('Do Not Upgrade');
      expect(within(table).getByRole('link', { name: 'Pilot' })).toHaveAttribute(
        'href',
        '/orggroup/9',
      );
      expect(within(table).getByRole('link', { name: 'Do Not Upgrade' })).toHaveAttribute(
        'href',
        '/orggroup/4',
      );
      expect(within(table).getByRole('checkbox', { name: 'Select row 9' })).toBeEnabled();

      const remove = screen.getByRole('button', { name: 'Remove From Group' });
      expect(remove).toBeDisabled();
      await user.click(within(table).getByRole('checkbox', { name: 'Select row 9' }));
      await user.click(remove);
      const dialog = await screen.findByRole('dialog', { name: 'Remove from groups' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to remove this org from the selected group?',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() => {
        const call = vi
          .mocked(fetch)
          .mock.calls.find(([url]) => (url as string).endsWith('/remove'));
        expect(call?.[0]).toBe(`/api/orggroups/members/${ORG_ID}/remove`);
        expect(JSON.parse(call?.[1]?.body as string)).toEqual({ orgGroupIds: [9] });
      });
    });

    it('keeps a read-only user from selecting groups or removing the org, and says why', async () => {
      const user = userEvent.setup();
      const { queryClient } = renderTab('groups', routes, makeUser({ read_only: true }));
      await waitFor(() =>
        expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
      );
      const table = await screen.findByRole('table', { name: 'org groups' });
      await within(table).findByText('Pilot');
      expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
      const remove = screen.getByRole('button', { name: 'Remove From Group' });
      expect(remove).toBeDisabled();
      await user.hover(remove.parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
    });
  });
});
