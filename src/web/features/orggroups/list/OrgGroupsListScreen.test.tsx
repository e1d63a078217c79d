import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import { calledUrls, type StubRoute } from '../../../testing/stubFetch';
import { makeGroup } from '../testing/orgGroupFixtures';
import { renderGroupScreen } from '../testing/renderGroupScreen';
import { GROUP_TYPE_STORAGE_KEY } from './useGroupTypeFilter';

const DAY_MS = 86_400_000;
// Rendering Mantine tables takes seconds on a busy two-core machine; 5 s is too tight.
const SLOW = { timeout: 20_000 };

const pilots = makeGroup({
  created_date: new Date(Date.now() - 3 * DAY_MS).toISOString(),
});
const banned = makeGroup({
  id: 8,
  name: 'Do not upgrade',
  type: 'Blacklist Group',
  description: 'Legal hold',
  created_by: 'ada@example.com',
  member_count: 2,
});

/** Answers by the type query, as the server filters: no type means every group. */
const groupsByType: StubRoute = (url) => {
  const type = url.searchParams.get('type');
  const all = [pilots, banned];
  return { json: type ? all.filter((group) => group.type === type) : all };
};

function groupRequests(fetchMock: Parameters<typeof calledUrls>[0]) {
  return calledUrls(fetchMock).filter((url) => url.pathname === '/api/orggroups');
}

describe('OrgGroupsListScreen', () => {
  it(
    "shows every group with the documented columns, relative 'When' and links to each group",
    SLOW,
    async () => {
      renderGroupScreen({ route: '/orggroups', routes: { 'GET /api/orggroups': groupsByType } });

      expect(screen.getByRole('heading', { level: 1, name: 'Org Groups' })).toBeInTheDocument();
      const table = await screen.findByRole('table', { name: 'orggroups' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim())
        .filter(Boolean);
      expect(headers).toEqual(['Name', 'Type', 'Description', 'Members', 'Created', 'When']);

      const link = await within(table).findByRole('link', { name: 'Pilot customers' });
      expect(link).toHaveAttribute('href', '/orggroup/7');
      const row = link.closest('tr')!;
      expect(row).toHaveTextContent('grace@example.com');
      expect(row).toHaveTextContent('3 days ago');
      expect(within(table).getByRole('link', { name: 'Do not upgrade' })).toHaveAttribute(
        'href',
        '/orggroup/8',
      );
    },
  );

  it(
    'filters by type through the radio, remembers the choice and sends no type for All',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const first = renderGroupScreen({
        route: '/orggroups',
        routes: { 'GET /api/orggroups': groupsByType },
      });
      const table = await screen.findByRole('table', { name: 'orggroups' });
      await within(table).findByRole('link', { name: 'Pilot customers' });
      expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
      expect(groupRequests(first.fetchMock)[0]?.searchParams.has('type')).toBe(false);

      await user.click(screen.getByRole('radio', { name: 'Blacklist Group' }));

      await waitFor(() =>
        expect(within(table).queryByRole('link', { name: 'Pilot customers' })).toBeNull(),
      );
      expect(within(table).getByRole('link', { name: 'Do not upgrade' })).toBeInTheDocument();
      expect(groupRequests(first.fetchMock).at(-1)?.searchParams.get('type')).toBe(
        'Blacklist Group',
      );
      expect(JSON.parse(localStorage.getItem(GROUP_TYPE_STORAGE_KEY)!)).toBe('Blacklist Group');

      // Coming back to the list later shows the same type.
      first.unmount();
      const second = renderGroupScreen({
        route: '/orggroups',
        routes: { 'GET /api/orggroups': groupsByType },
      });
      expect(screen.getByRole('radio', { name: 'Blacklist Group' })).toBeChecked();
      await screen.findByRole('link', { name: 'Do not upgrade' });
      expect(groupRequests(second.fetchMock)[0]?.searchParams.get('type')).toBe('Blacklist Group');
    },
  );

  it(
    'lets a user who may change things select rows and delete them after the plural confirmation',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded, fetchMock } = renderGroupScreen({
        route: '/orggroups',
        routes: {
          'GET /api/orggroups': groupsByType,
          'POST /api/orggroups/delete': { json: { deleted: [7, 8] } },
        },
      });
      await userLoaded();
      await screen.findByRole('link', { name: 'Pilot customers' });

      expect(screen.getByRole('button', { name: 'New' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: 'Select row 7' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select row 8' }));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete groups' });
      expect(dialog).toHaveTextContent('Are you sure you want to delete these 2 groups?');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => {
        const call = fetchMock.mock.calls.find(
          ([url]) => (url as string) === '/api/orggroups/delete',
        );
        expect(JSON.parse(call?.[1]?.body as string)).toEqual({ orggroupIds: [7, 8] });
      });
    },
  );

  it(
    'opens the New modal, Upgrade Group by default, and goes to the created group',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded, fetchMock } = renderGroupScreen({
        route: '/orggroups',
        routes: {
          'GET /api/orggroups': groupsByType,
          'PUT /api/orggroups': { json: { id: 42, name: 'EMEA' } },
          'GET /api/orggroups/42': { json: makeGroup({ id: 42, name: 'EMEA' }) },
          'GET /api/orggroups/42/members': { json: { rows: [], total: 0 } },
        },
      });
      await userLoaded();
      await user.click(await screen.findByRole('button', { name: 'New' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Group' });
      expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('Upgrade Group');
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'EMEA');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        const call = fetchMock.mock.calls.find(
          ([url, init]) => (url as string) === '/api/orggroups' && init?.method === 'PUT',
        );
        expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({
          name: 'EMEA',
          type: 'Upgrade Group',
          orgIds: [],
        });
      });
      expect(await screen.findByRole('heading', { name: 'EMEA' })).toBeInTheDocument();
    },
  );

  it('gives a read-only user no row selection and says why New is disabled', SLOW, async () => {
    const user = userEvent.setup();
    const { userLoaded } = renderGroupScreen({
      route: '/orggroups',
      readOnly: true,
      routes: { 'GET /api/orggroups': groupsByType },
    });
    await userLoaded();
    await screen.findByRole('link', { name: 'Pilot customers' });

    expect(screen.queryByRole('checkbox', { name: 'Select row 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Delete' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
  });

  it('exports a group named as a formula as text a spreadsheet will not run', SLOW, async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const evil = makeGroup({
      id: 9,
      name: '=HYPERLINK("https://evil.example")',
      description: '@SUM(1)\tand a tab',
      member_count: 3,
    });
    renderGroupScreen({ route: '/orggroups', routes: { 'GET /api/orggroups': { json: [evil] } } });
    await screen.findByRole('link', { name: evil.name });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [header, row] = (await blobs[0]!.text()).split('\n');
    expect(header).toBe('Name\tType\tDescription\tMembers\tCreated\tWhen');
    const cells = row!.split('\t');
    expect(cells.slice(0, 4)).toEqual([
      `'=HYPERLINK("https://evil.example")`,
      'Upgrade Group',
      "'@SUM(1)\\tand a tab",
      '3',
    ]);
    vi.restoreAllMocks();
  });

  it('says so when there are no groups of the type', SLOW, async () => {
    renderGroupScreen({ route: '/orggroups', routes: { 'GET /api/orggroups': { json: [] } } });
    expect(await screen.findByText('No rows')).toBeInTheDocument();
  });
});
