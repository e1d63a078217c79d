import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calledUrls } from '../../testing/stubFetch';
import {
  LATEST_ID,
  listPage,
  makeCustomer,
  makePackage,
  makeUpgradeItem,
  makeVersion,
  ORG_ID,
  PACKAGE_ID,
  PACKAGE_ORG_ID,
  VERSION_ID,
} from '../../testing/fixtures';
import { findToast, renderRoute } from '../../testing/renderRoute';
import type { StubRoute } from '../../testing/stubFetch';
import { PackageDetailScreen } from './PackageDetailScreen';

const verified = makeVersion();
const preview = makeVersion({
  version_id: LATEST_ID,
  sfid: 'a0V000000000009AAA',
  version_number: '1.3.0',
  version_sort: '0001.0003.0000',
  name: 'Summer',
  status: 'Preview',
});
const limited = makeVersion({
  version_id: '04t000000000005AAA',
  sfid: 'a0V000000000005AAA',
  version_number: '1.1.0',
  version_sort: '0001.0001.0000',
  name: 'Winter',
  status: 'Limited',
});

function renderDetail(routes: Record<string, StubRoute> = {}) {
  return renderRoute(<PackageDetailScreen />, {
    path: '/package/:packageId',
    at: `/package/${PACKAGE_ID}`,
    routes: {
      [`GET /api/packages/${PACKAGE_ID}`]: { json: makePackage() },
      'GET /api/packageversions': { json: [verified, preview, limited] },
      [`GET /api/packages/${PACKAGE_ID}/customers`]: { json: listPage([makeCustomer()]) },
      'GET /api/upgradeitems': { json: [makeUpgradeItem()] },
      ...routes,
    },
  });
}

function field(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling;
}

function headers(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent.trim())
    .filter((text) => text !== '');
}

describe('PackageDetailScreen', () => {
  it('shows ID, Packaging Org ID, Package ID, Tier and Active in the header', async () => {
    renderDetail();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pushboard Core' }),
    ).toBeInTheDocument();
    expect(field('ID')).toHaveTextContent(PACKAGE_ID);
    expect(within(field('Packaging Org ID') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/packageorg/${PACKAGE_ORG_ID}`,
    );
    expect(field('Package ID')).toHaveTextContent('033000000000001AAA');
    expect(field('Tier')).toHaveTextContent('1');
    expect(field('Active')).toHaveTextContent('Yes');
    expect(screen.getByRole('link', { name: 'Packages' })).toHaveAttribute('href', '/packages');
  });

  it('says a package is not active, with its status', async () => {
    renderDetail({
      [`GET /api/packages/${PACKAGE_ID}`]: { json: makePackage({ status: 'Inactive' }) },
    });

    await screen.findByRole('heading', { level: 1, name: 'Pushboard Core' });
    expect(field('Active')).toHaveTextContent('No (Inactive)');
  });

  it('has the tabs Versions, Customers, Upgrades and Recurring Failures, and opens on Versions', async () => {
    renderDetail();

    const tabs = await screen.findAllByRole('tab');
    const names = tabs.map((tab) => tab.textContent);
    expect(names.slice(0, 3)).toEqual(['Versions', 'Customers', 'Upgrades']);
    expect(names).toContain('Recurring Failures');
    expect(screen.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Upgrade Packages' })).not.toBeInTheDocument();
  });

  it("lists the package's versions without a Package column, each linking to its page", async () => {
    const { fetchMock } = renderDetail();

    const table = await screen.findByRole('table', { name: 'package-versions' });
    await within(table).findByRole('link', { name: '1.2.0' });
    expect(headers(table)).toEqual([
      'Number',
      'Name',
      'ID',
      'Status',
      'Customers',
      'Created',
      'Released',
    ]);
    expect(within(table).getByRole('link', { name: '1.2.0' })).toHaveAttribute(
      'href',
      `/packageversion/${VERSION_ID}`,
    );
    const versionsCall = calledUrls(fetchMock).find(
      (url) => url.pathname === '/api/packageversions',
    );
    expect(versionsCall?.searchParams.get('packageIds')).toBe(PACKAGE_ID);
  });

  it('colours the status badge: Verified green, Preview yellow, Limited grey', async () => {
    renderDetail();

    const table = await screen.findByRole('table', { name: 'package-versions' });
    const badge = async (status: string) =>
      (await within(table).findByText(status)).closest('[data-color]');
    expect(await badge('Verified')).toHaveAttribute('data-color', 'green');
    expect(await badge('Preview')).toHaveAttribute('data-color', 'yellow');
    expect(await badge('Limited')).toHaveAttribute('data-color', 'gray');
  });

  it('lists the customers from the server, linking to the org and its version', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail();

    await user.click(await screen.findByRole('tab', { name: 'Customers' }));
    const table = await screen.findByRole('table', { name: 'package-customers' });
    await within(table).findByRole('link', { name: ORG_ID });
    expect(headers(table)).toEqual([
      'Org ID',
      'Name',
      'Account',
      'Instance',
      'Edition',
      'Version',
      'License',
      'Installed On',
      'Status',
    ]);
    expect(within(table).getByRole('link', { name: ORG_ID })).toHaveAttribute(
      'href',
      `/org/${ORG_ID}`,
    );
    expect(within(table).getByRole('link', { name: '1.2.0' })).toHaveAttribute(
      'href',
      `/packageversion/${VERSION_ID}`,
    );
    const call = calledUrls(fetchMock).find(
      (url) => url.pathname === `/api/packages/${PACKAGE_ID}/customers`,
    );
    expect(call?.searchParams.get('page')).toBe('1');
    expect(call?.searchParams.has('blacklisted')).toBe(false);
  });

  it('asks only for blacklisted customers while the Blacklisted toggle is on', async () => {
    const user = userEvent.setup();
    const blacklistedOrg = makeCustomer({ org_id: '00D000000000002EAA', name: 'Banned Org' });
    const { fetchMock } = renderDetail({
      [`GET /api/packages/${PACKAGE_ID}/customers`]: (url) => ({
        json: listPage(
          url.searchParams.get('blacklisted') === 'true' ? [blacklistedOrg] : [makeCustomer()],
        ),
      }),
    });

    await user.click(await screen.findByRole('tab', { name: 'Customers' }));
    const table = await screen.findByRole('table', { name: 'package-customers' });
    await within(table).findByText('Acme Production');
    await user.click(screen.getByRole('switch', { name: 'Blacklisted' }));

    expect(await within(table).findByText('Banned Org')).toBeInTheDocument();
    expect(within(table).queryByText('Acme Production')).not.toBeInTheDocument();
    const flags = calledUrls(fetchMock)
      .filter((url) => url.pathname.endsWith('/customers'))
      .map((url) => url.searchParams.get('blacklisted'));
    expect(flags).toEqual([null, 'true']);
  });

  it('lists the upgrade requests of the package, linking to the request and its upgrade', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail();

    await user.click(await screen.findByRole('tab', { name: 'Upgrades' }));
    const table = await screen.findByRole('table', { name: 'package-upgrades' });
    await within(table).findByRole('link', { name: 'Spring rollout' });
    expect(headers(table)).toEqual([
      'Upgrade',
      'Description',
      'Package',
      'Version',
      'Scheduled Start',
      'Jobs',
      'Status',
      'Created By',
    ]);
    expect(within(table).getByRole('link', { name: 'Spring rollout' })).toHaveAttribute(
      'href',
      '/upgradeitem/71',
    );
    expect(within(table).getByRole('link', { name: '7' })).toHaveAttribute('href', '/upgrade/7');
    const call = calledUrls(fetchMock).find((url) => url.pathname === '/api/upgradeitems');
    expect(call?.searchParams.get('packageId')).toBe(PACKAGE_ID);
  });

  it("filters the requests with #ME as the signed-in operator's username", async () => {
    const user = userEvent.setup();
    renderDetail({
      'GET /api/upgradeitems': {
        json: [
          makeUpgradeItem(),
          makeUpgradeItem({ id: 72, description: 'Someone else', created_by: 'sam@example.com' }),
        ],
      },
    });

    await user.click(await screen.findByRole('tab', { name: 'Upgrades' }));
    const table = await screen.findByRole('table', { name: 'package-upgrades' });
    await within(table).findByRole('link', { name: 'Someone else' });
    await user.type(within(table).getByRole('textbox', { name: 'Filter Created By' }), '#ME');

    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Someone else' })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('link', { name: 'Spring rollout' })).toBeInTheDocument();
  });

  it('remembers the active tab for the next visit', async () => {
    const user = userEvent.setup();
    const first = renderDetail();
    await user.click(await screen.findByRole('tab', { name: 'Upgrades' }));
    await waitFor(() =>
      expect(localStorage.getItem('pushboard:tabs:PackageView')).toBe('"upgrades"'),
    );
    first.unmount();

    renderDetail();
    expect(await screen.findByRole('tab', { name: 'Upgrades' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('table', { name: 'package-upgrades' })).toBeInTheDocument();
  });

  it("raises 'Failed Request' when the package cannot be read", async () => {
    renderDetail({
      [`GET /api/packages/${PACKAGE_ID}`]: {
        status: 404,
        json: { message: `No package ${PACKAGE_ID}`, subject: 'Failed Request' },
      },
    });

    const toast = await findToast('Failed Request');
    expect(toast).toHaveTextContent(`No package ${PACKAGE_ID}`);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
