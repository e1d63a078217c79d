import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import { sendLiveMessage } from '../../../api/live';
import type * as LiveModule from '../../../api/live';
import { calledUrls } from '../../../testing/stubFetch';
import {
  makeGroup,
  makeGroupVersion,
  makeLicense,
  makeMember,
  makeUpgrade,
} from '../testing/orgGroupFixtures';
import { listPage } from '../../../testing/fixtures';
import { REFRESH_VERSIONS_NOTICE } from './OrgGroupActions';
import { renderGroupScreen } from '../testing/renderGroupScreen';

// No server listens for the live channel; the message is what the screen must send.
vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const SLOW = { timeout: 20_000 };
const TAB_STORAGE_KEY = 'pushboard:tabs:OrgGroupView';

const groupRoutes = (group = makeGroup()) => ({
  'GET /api/orggroups/7': { json: group },
  'GET /api/orggroups/7/members': { json: listPage([makeMember()]) },
  'GET /api/orggroups/7/versions': { json: listPage([makeGroupVersion()]) },
  'GET /api/licenses': { json: listPage([makeLicense()]) },
  'GET /api/upgrades': { json: [makeUpgrade()] },
  'POST /api/orggroups/7/members/remove': { json: { id: 7, name: 'Pilot customers', count: 1 } },
});

/** The column labels, without the position a multi-column default sort shows beside them. */
function headersOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim().replace(/\d+$/, ''))
    .filter(Boolean);
}

function field(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling;
}

describe('OrgGroupDetailScreen', () => {
  it('shows the header, every action and the four tabs of an upgrade group', SLOW, async () => {
    renderGroupScreen({ route: '/orggroup/7', routes: groupRoutes() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pilot customers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Org Groups' })).toHaveAttribute('href', '/orggroups');
    expect(field('Type')).toHaveTextContent('Upgrade Group');
    expect(field('Description')).toHaveTextContent('First to get each release');
    expect(field('Created')).toHaveTextContent(/^2025-03-01 \d\d:00 [ap]m by grace@example\.com$/);
    expect(field('Members')).toHaveTextContent('1,234');
    for (const name of ['Upgrade Packages', 'Refresh Versions', 'Edit', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Versions',
      'Licenses',
      'Upgrades',
    ]);
  });

  it('offers no Upgrade Packages and no Upgrades tab for a Blacklist Group', SLOW, async () => {
    renderGroupScreen({
      route: '/orggroup/7',
      routes: groupRoutes(makeGroup({ type: 'Blacklist Group', name: 'Do not upgrade' })),
    });

    await screen.findByRole('heading', { level: 1, name: 'Do not upgrade' });
    expect(screen.queryByRole('button', { name: 'Upgrade Packages' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Members',
      'Versions',
      'Licenses',
    ]);
  });

  it('asks the live channel to refresh the versions, even for a read-only user', SLOW, async () => {
    const user = userEvent.setup();
    const { userLoaded } = renderGroupScreen({
      route: '/orggroup/7',
      readOnly: true,
      routes: groupRoutes(),
    });
    await userLoaded();
    const refresh = await screen.findByRole('button', { name: 'Refresh Versions' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await user.hover(screen.getByRole('button', { name: 'Upgrade Packages' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);

    await user.click(refresh);

    expect(sendLiveMessage).toHaveBeenCalledWith('refresh-group-versions', 7);
    expect(await screen.findByText(REFRESH_VERSIONS_NOTICE)).toBeInTheDocument();
  });

  it(
    'lists members from the server with links, selection and the member actions',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { fetchMock, userLoaded } = renderGroupScreen({
        route: '/orggroup/7',
        routes: groupRoutes(),
      });
      await userLoaded();
      const table = await screen.findByRole('table', { name: 'group-members' });
      expect(headersOf(table)).toEqual([
        'Org ID',
        'Name',
        'Account',
        'Instance',
        'Type',
        'Edition',
        'Groups',
        'Status',
      ]);
      const link = await within(table).findByRole('link', { name: 'Acme Production' });
      expect(link).toHaveAttribute('href', '/org/00D000000000001EAA');
      const request = calledUrls(fetchMock).find(
        (url) => url.pathname === '/api/orggroups/7/members',
      );
      expect(request?.searchParams.get('page')).toBe('1');
      expect(request?.searchParams.get('pageSize')).toBe('25');

      // Nothing selected: the member actions wait for a selection.
      for (const name of ['Copy', 'Move', 'Remove']) {
        expect(screen.getByRole('button', { name })).toBeDisabled();
      }
      expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
      await user.click(screen.getByRole('checkbox', { name: 'Select row 00D000000000001EAA' }));
      for (const name of ['Copy', 'Move', 'Remove']) {
        expect(screen.getByRole('button', { name })).toBeEnabled();
      }
      await user.click(screen.getByRole('button', { name: 'Remove' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove members' });
      expect(dialog).toHaveTextContent('Are you sure you want to remove 1 member(s)?');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await vi.waitFor(() => {
        const call = fetchMock.mock.calls.find(
          ([url]) => (url as string) === '/api/orggroups/7/members/remove',
        );
        expect(call?.[1]?.method).toBe('POST');
        expect(JSON.parse(call?.[1]?.body as string)).toEqual({ orgIds: ['00D000000000001EAA'] });
      });
    },
  );

  it('disables the member actions for a read-only user and says why', SLOW, async () => {
    const user = userEvent.setup();
    const { userLoaded } = renderGroupScreen({
      route: '/orggroup/7',
      routes: groupRoutes(),
      readOnly: true,
    });
    await userLoaded();
    await screen.findByRole('link', { name: 'Acme Production' });
    // Selecting only reads: it stays available, the changes do not.
    await user.click(screen.getByRole('checkbox', { name: 'Select row 00D000000000001EAA' }));
    for (const name of ['Copy', 'Move', 'Remove', 'Edit', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    await user.hover(screen.getByRole('button', { name: 'Move' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
  });

  it(
    'remembers the Versions tab and links each version row to its org, package and version',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const first = renderGroupScreen({ route: '/orggroup/7', routes: groupRoutes() });
      await user.click(await screen.findByRole('tab', { name: 'Versions' }));

      const table = await screen.findByRole('table', { name: 'group-versions' });
      expect(headersOf(table)).toEqual([
        'Org ID',
        'Type',
        'Edition',
        'Instance',
        'Account Name',
        'License',
        'Install Date',
        'Package',
        'Version',
        'Status',
        'Created Date',
        'Release Date',
      ]);
      expect(
        await within(table).findByRole('link', { name: '00D000000000001EAA' }),
      ).toHaveAttribute('href', '/org/00D000000000001EAA');
      expect(within(table).getByRole('link', { name: 'Billing' })).toHaveAttribute(
        'href',
        '/package/033000000000001AAA',
      );
      expect(within(table).getByRole('link', { name: '1.4.0' })).toHaveAttribute(
        'href',
        '/packageversion/04t000000000001AAA',
      );
      expect(within(table).queryByRole('link', { name: 'Acme Corp' })).not.toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(TAB_STORAGE_KEY)!)).toBe('versions');

      first.unmount();
      renderGroupScreen({ route: '/orggroup/7', routes: groupRoutes() });
      expect(await screen.findByRole('tab', { name: 'Versions' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  );

  it(
    "shows the members' licenses scoped by group_id, each name linking to its license",
    SLOW,
    async () => {
      localStorage.setItem(TAB_STORAGE_KEY, JSON.stringify('licenses'));
      const { fetchMock } = renderGroupScreen({ route: '/orggroup/7', routes: groupRoutes() });

      const table = await screen.findByRole('table', { name: 'group-licenses' });
      expect(await within(table).findByRole('link', { name: 'L-000123' })).toHaveAttribute(
        'href',
        '/license/a0B000000000001AAA',
      );
      const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/licenses');
      expect(request?.searchParams.get('group_id')).toBe('7');
    },
  );

  it("lists the group's upgrades, each linking to its upgrade", SLOW, async () => {
    localStorage.setItem(TAB_STORAGE_KEY, JSON.stringify('upgrades'));
    const { fetchMock } = renderGroupScreen({ route: '/orggroup/7', routes: groupRoutes() });

    const table = await screen.findByRole('table', { name: 'group-upgrades' });
    expect(
      await within(table).findByRole('link', { name: 'Billing 1.5 for pilots' }),
    ).toHaveAttribute('href', '/upgrade/31');
    const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/upgrades');
    expect(request?.searchParams.get('groupId')).toBe('7');
  });

  it(
    "raises 'Failed Request' with the server's subject when the group cannot be read",
    SLOW,
    async () => {
      renderGroupScreen({
        route: '/orggroup/7',
        routes: {
          'GET /api/orggroups/7': {
            status: 404,
            json: { message: 'No group 7', subject: 'Not Found' },
          },
        },
      });

      expect(await screen.findAllByText('No group 7')).not.toHaveLength(0);
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    },
  );
});
