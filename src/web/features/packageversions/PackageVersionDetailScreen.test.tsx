import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calledUrls, type StubRoute } from '../../testing/stubFetch';
import {
  LATEST_ID,
  listPage,
  makeCustomer,
  makeVersion,
  ORG_ID,
  PACKAGE_ID,
  VERSION_ID,
} from '../../testing/fixtures';
import { findToast, renderRoute } from '../../testing/renderRoute';
import { PackageVersionDetailScreen, VERSION_BLACKLIST_NOTE } from './PackageVersionDetailScreen';

const VERSION_PATH = `/api/packageversions/${VERSION_ID}`;
const CUSTOMERS_PATH = `${VERSION_PATH}/customers`;
const blacklistedOrg = makeCustomer({ org_id: '00D000000000002EAA', name: 'Banned Org' });

function renderDetail(routes: Record<string, StubRoute> = {}) {
  return renderRoute(<PackageVersionDetailScreen />, {
    path: '/packageversion/:versionId',
    at: `/packageversion/${VERSION_ID}`,
    from: `/package/${PACKAGE_ID}`,
    routes: {
      [`GET ${VERSION_PATH}`]: { json: makeVersion() },
      [`GET ${CUSTOMERS_PATH}`]: (url) => ({
        json: listPage(
          url.searchParams.get('blacklisted') === 'true' ? [blacklistedOrg] : [makeCustomer()],
        ),
      }),
      ...routes,
    },
  });
}

function field(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling as HTMLElement;
}

const TITLE = 'Pushboard Core 1.2.0';

describe('PackageVersionDetailScreen', () => {
  it('shows Package, Number, Name, ID, Status, Created and Released', async () => {
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(within(field('Package')).getByRole('link', { name: 'Pushboard Core' })).toHaveAttribute(
      'href',
      `/package/${PACKAGE_ID}`,
    );
    expect(field('Number')).toHaveTextContent('1.2.0');
    expect(field('Name')).toHaveTextContent('Spring');
    expect(field('ID')).toHaveTextContent(VERSION_ID);
    expect(within(field('Status')).getByText('Verified').closest('[data-color]')).toHaveAttribute(
      'data-color',
      'green',
    );
    expect(field('Created').textContent).toMatch(/^2024-01-(09|10) \d\d:00 [ap]m$/);
    expect(field('Released').textContent).toMatch(/^2024-01-(19|20) \d\d:00 [ap]m$/);
    expect(field('Customers')).toHaveTextContent('3');
  });

  it('says when a newer version is the latest, and links to it', async () => {
    renderDetail();

    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(field('Latest Version')).toHaveTextContent('No, the latest is 1.3.0');
    expect(within(field('Latest Version')).getByRole('link', { name: '1.3.0' })).toHaveAttribute(
      'href',
      `/packageversion/${LATEST_ID}`,
    );
    expect(field('Latest Limited Version')).toHaveTextContent(
      'No (the package has no limited version)',
    );
  });

  it('says Yes when the version is the latest and the latest limited one', async () => {
    renderDetail({
      [`GET ${VERSION_PATH}`]: {
        json: makeVersion({
          status: 'Limited',
          latest_version_id: VERSION_ID,
          latest_version_number: '1.2.0',
          latest_version_sort: '0001.0002.0000',
          latest_limited_version_id: VERSION_ID,
          latest_limited_version_sort: '0001.0002.0000',
        }),
      },
    });

    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(field('Latest Version')).toHaveTextContent(/^Yes$/);
    expect(field('Latest Limited Version')).toHaveTextContent(/^Yes$/);
  });

  it('lists the customers of this version with their license, each opening its org', async () => {
    const { fetchMock } = renderDetail();

    const table = await screen.findByRole('table', { name: 'version-customers' });
    expect(await within(table).findByRole('link', { name: ORG_ID })).toHaveAttribute(
      'href',
      `/org/${ORG_ID}`,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim())
      .filter((text) => text !== '');
    expect(headers).toEqual([
      'Org ID',
      'Name',
      'Account',
      'Instance',
      'Edition',
      'License',
      'Installed On',
      'Status',
    ]);
    expect(within(table).getByRole('link', { name: 'Active' })).toBeInTheDocument();
    const call = calledUrls(fetchMock).find((url) => url.pathname === CUSTOMERS_PATH);
    expect(call?.searchParams.get('pageSize')).toBe('25');
    expect(call?.searchParams.has('blacklisted')).toBe(false);
  });

  it('lists the blacklisted customers, which upgrades will skip, on the Blacklist tab', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail();

    await user.click(await screen.findByRole('tab', { name: 'Blacklist' }));
    expect(screen.getByText(VERSION_BLACKLIST_NOTE)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'version-blacklist' });
    expect(await within(table).findByText('Banned Org')).toBeInTheDocument();
    expect(within(table).queryByText('Acme Production')).not.toBeInTheDocument();
    const flags = calledUrls(fetchMock)
      .filter((url) => url.pathname === CUSTOMERS_PATH)
      .map((url) => url.searchParams.get('blacklisted'));
    expect(flags).toContain('true');
  });

  it('remembers the active tab for the next visit', async () => {
    const user = userEvent.setup();
    const first = renderDetail();
    await user.click(await screen.findByRole('tab', { name: 'Blacklist' }));
    await waitFor(() =>
      expect(localStorage.getItem('pushboard:tabs:PackageVersionView')).toBe('"blacklist"'),
    );
    first.unmount();

    renderDetail();
    expect(await screen.findByRole('tab', { name: 'Blacklist' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("raises 'Failed Request', and a click goes back in history", async () => {
    const user = userEvent.setup();
    const { router } = renderDetail({
      [`GET ${VERSION_PATH}`]: {
        status: 500,
        json: { message: 'The database is unavailable.' },
      },
    });

    const toast = await findToast('Failed Request');
    expect(toast).toHaveTextContent('The database is unavailable.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(within(toast).getByText('The database is unavailable.'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/package/${PACKAGE_ID}`));
  });

  it('says so when the server answers with a shape it cannot read', async () => {
    renderDetail({ [`GET ${VERSION_PATH}`]: { json: { version_id: VERSION_ID } } });

    expect(
      await screen.findByText('The server sent a package version Pushboard cannot read.'),
    ).toBeInTheDocument();
  });
});
