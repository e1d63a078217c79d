import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORG_FILTER_REQUIRED, ORG_LIST, READ_ONLY_MESSAGE } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { calledUrls, type StubRoute } from '../../../testing/stubFetch';
import { blacklistedKey } from './useBlacklistedToggle';
import { storageKey } from '../../../components/data-table/useListState';
import { makeOrg, ORG_ID, RELATED_ORG_ID } from '../testing/orgFixtures';
import {
  listPage,
  makePackage,
  makeUser,
  makeVersion,
  PACKAGE_ID,
} from '../../../testing/fixtures';
import { renderOrgScreen } from '../testing/renderOrgScreen';

const ORGS = [
  makeOrg(),
  makeOrg({ org_id: RELATED_ORG_ID, name: 'Globex', account_name: 'Globex Inc' }),
];

function orgRequests(fetchMock: ReturnType<typeof renderOrgScreen>['fetchMock']) {
  return calledUrls(fetchMock).filter((url) => url.pathname === '/api/orgs');
}

/** Answers every orgs page with `everyOrg`, and with `blacklisted` when the scope asks for it. */
function orgsRoute(everyOrg = listPage(ORGS), blacklisted = listPage([ORGS[1]!])): StubRoute {
  return (url) => ({
    json: url.searchParams.get('blacklisted') === 'true' ? blacklisted : everyOrg,
  });
}

async function userLoaded(queryClient: ReturnType<typeof renderOrgScreen>['queryClient']) {
  await waitFor(() =>
    expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
  );
}

describe('OrgsListScreen', () => {
  it('shows every spec column and the orgs the server sent, each row opening /org/{org_id}', async () => {
    renderOrgScreen({ route: '/orgs', routes: { 'GET /api/orgs': orgsRoute() } });
    const table = await screen.findByRole('table', { name: 'orgs' });
    await within(table).findByText('Globex Inc');

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Org ID',
      'Name',
      'Account',
      'Instance',
      'Environment',
      'Location',
      'Release',
      'Edition',
      'Groups',
      'Status',
      'Last Modified',
    ]);
    expect(within(table).getByRole('link', { name: 'Acme Corp' })).toHaveAttribute(
      'href',
      `/org/${ORG_ID}`,
    );
    expect(within(table).getByRole('link', { name: RELATED_ORG_ID })).toHaveAttribute(
      'href',
      `/org/${RELATED_ORG_ID}`,
    );
    // The first DataTable render of the file is slow on a busy machine.
  }, 15_000);

  it("titles the screen 'Orgs' with the total, and 'about' when the server estimated it", async () => {
    const { unmount } = renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': { json: listPage(ORGS, 1234) } },
    });
    expect(screen.getByRole('heading', { name: 'Orgs' })).toBeInTheDocument();
    expect(await screen.findByTestId('list-total')).toHaveTextContent(/^1,234$/);
    unmount();

    renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': { json: listPage(ORGS, 120_000, true) } },
    });
    expect(await screen.findByTestId('list-total')).toHaveTextContent(/^about 120,000$/);
    // The first DataTable render of the file is slow on a busy machine.
  }, 15_000);

  it('asks the server for every org until Blacklisted is on, then for blacklisted=true only', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': orgsRoute(listPage(ORGS, 2), listPage([ORGS[1]!], 1)) },
    });
    await screen.findByText('Acme Corp');
    // Off means the whole list: no blacklisted=false, which would mean "not blacklisted".
    expect(orgRequests(fetchMock).every((url) => !url.searchParams.has('blacklisted'))).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Blacklisted' }));

    await waitFor(() => expect(screen.queryByText('Acme Corp')).not.toBeInTheDocument());
    expect(screen.getByText('Globex')).toBeInTheDocument();
    expect(orgRequests(fetchMock).at(-1)?.searchParams.get('blacklisted')).toBe('true');
    expect(await screen.findByTestId('list-total')).toHaveTextContent(/^1$/);
    expect(localStorage.getItem(blacklistedKey(ORG_LIST.key))).toBe('true');
  });

  it('remembers the Blacklisted toggle: the first request of the next visit is already blacklisted', async () => {
    localStorage.setItem(blacklistedKey(ORG_LIST.key), 'true');
    const { fetchMock } = renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': orgsRoute() },
    });
    expect(await screen.findByRole('switch', { name: 'Blacklisted' })).toBeChecked();
    await screen.findByText('Globex');
    const requests = orgRequests(fetchMock);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.searchParams.get('blacklisted') === 'true')).toBe(true);
  });

  it('disables Add To Group and Import for a read-only user with the read-only tooltip, and still lets them select and export', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOrgScreen({
      route: '/orgs',
      user: makeUser({ read_only: true }),
      routes: { 'GET /api/orgs': orgsRoute() },
    });
    await userLoaded(queryClient);
    await screen.findByText('Acme Corp');

    for (const name of ['Add To Group', 'Import']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      // The tooltip listens on the wrapper: a disabled button fires no pointer events.
      await user.hover(button.parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
      await user.unhover(button.parentElement!);
      await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    }

    const tick = screen.getByRole('checkbox', { name: `Select row ${ORG_ID}` });
    await user.click(tick);
    expect(tick).toBeChecked();
    const selected = screen.getByRole('switch', { name: '1 Selected' });
    expect(selected).toBeEnabled();
    await user.click(selected);
    await waitFor(() => expect(screen.queryByText('Globex')).not.toBeInTheDocument());
    expect(screen.getByText('Acme Corp')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('offers Import to a user who may change things, and Add To Group once orgs are selected', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': orgsRoute() },
    });
    await userLoaded(queryClient);
    expect(await screen.findByRole('button', { name: 'Import' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add To Group' })).toBeDisabled();
    const box = (await screen.findAllByRole('checkbox', { name: /^Select row 00D/ }))[0]!;
    await user.click(box);
    expect(screen.getByRole('button', { name: 'Add To Group' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add To Group' }));
    expect(await screen.findByRole('dialog', { name: 'Select Group' })).toHaveTextContent(
      '1 org selected.',
    );
  });

  it('schedules an upgrade of the filtered orgs only once the list has a filter', async () => {
    const user = userEvent.setup();
    const previews: unknown[] = [];
    const filters = [{ id: 'edition', value: 'Enterprise' }];
    // The list comes back with the filters it was left with.
    localStorage.setItem(storageKey(ORG_LIST.key, 'filters'), JSON.stringify(filters));
    const { queryClient } = renderOrgScreen({
      route: '/orgs',
      routes: {
        'GET /api/orgs': orgsRoute(),
        'GET /api/packages': { json: [makePackage()] },
        'GET /api/packageversions': { json: [makeVersion()] },
        'POST /api/orgs/upgrade/preview': (_url, init) => {
          previews.push(JSON.parse(init?.body as string));
          return {
            json: {
              requests: [
                {
                  package_id: PACKAGE_ID,
                  package_name: 'Relay',
                  version_id: 'x',
                  version_number: '1.2.0',
                  orgs: 2,
                },
              ],
              leftOutOrgs: 0,
              leftOut: [],
            },
          };
        },
      },
    });
    await userLoaded(queryClient);
    const button = await screen.findByRole('button', { name: 'Schedule Upgrade' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(
      await screen.findByRole('dialog', { name: /^Schedule Upgrade: 2 filtered orgs/ }),
    ).toBeVisible();
    await waitFor(() => expect(previews.length).toBeGreaterThan(0));
    expect(previews[0]).toMatchObject({ filters });
  });

  it('narrows to the orgs on one version from the address, until Show every org', async () => {
    const user = userEvent.setup();
    const version = '04t000000000011AAA';
    const { fetchMock } = renderOrgScreen({
      route: `/orgs?versionId=${version}`,
      routes: { 'GET /api/orgs': orgsRoute() },
    });
    expect(await screen.findByText(`On package version ${version}`)).toBeVisible();
    await waitFor(() =>
      expect(
        orgRequests(fetchMock).some((url) => url.searchParams.get('versionId') === version),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Show every org' }));
    expect(screen.queryByText(`On package version ${version}`)).toBeNull();
    await waitFor(() =>
      expect(orgRequests(fetchMock).at(-1)?.searchParams.get('versionId')).toBeNull(),
    );
  });

  it('keeps Schedule Upgrade off until the list is filtered', async () => {
    const { queryClient } = renderOrgScreen({
      route: '/orgs',
      routes: { 'GET /api/orgs': orgsRoute() },
    });
    await userLoaded(queryClient);
    const button = await screen.findByRole('button', { name: 'Schedule Upgrade' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', ORG_FILTER_REQUIRED);
  });

  it('says so when no org matches', async () => {
    renderOrgScreen({ route: '/orgs', routes: { 'GET /api/orgs': { json: listPage([]) } } });
    expect(await screen.findByText('No rows')).toBeInTheDocument();
    expect(await screen.findByTestId('list-total')).toHaveTextContent(/^0$/);
  });
});
