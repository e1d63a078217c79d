import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../domain';
import { NOT_AVAILABLE_YET } from '../../components/ChangeActionButton';
import { calledUrls } from '../../testing/stubFetch';
import {
  makeConnectedOrg,
  makePackageVersion,
  makeUpgradeItem,
  PACKAGING_ORG_ID,
} from './connectedOrgFixtures';
import { renderConnectedOrgScreen } from './renderConnectedOrgScreen';

const SLOW = { timeout: 20_000 };
const ROUTE = `/packageorg/${PACKAGING_ORG_ID}`;
const TAB_STORAGE_KEY = 'pushboard:tabs:PackageOrgView';

const orgRoutes = (org = makeConnectedOrg()) => ({
  [`GET /api/packageorgs/${PACKAGING_ORG_ID}`]: { json: org },
  'GET /api/packageversions': { json: [makePackageVersion()] },
  'GET /api/upgradeitems': { json: [makeUpgradeItem()] },
});

function field(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling;
}

describe('ConnectedOrgDetailScreen', () => {
  it(
    'shows the header, the connection body and every action of a packaging org',
    SLOW,
    async () => {
      renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Billing Packaging' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Connected Orgs' })).toHaveAttribute(
        'href',
        '/packageorgs',
      );
      expect(field('Org ID')).toHaveTextContent(PACKAGING_ORG_ID);
      expect(field('Description')).toHaveTextContent('Where Billing is built');
      expect(field('Type')).toHaveTextContent('Package');
      expect(field('Status')).toHaveTextContent('Connected');
      expect(field('Status')?.innerHTML).toContain('--mantine-color-green');
      expect(field('Instance Name')).toHaveTextContent('NA99');
      const url = screen.getByRole('link', { name: 'https://billing-pkg.my.salesforce.com' });
      expect(url).toHaveAttribute('href', 'https://billing-pkg.my.salesforce.com');
      expect(url).toHaveAttribute('target', '_blank');
      expect(field('Namespace')).toHaveTextContent('bill');
      expect(field('Active')).toHaveTextContent('Yes');
      expect(field('Last Refreshed')).toHaveTextContent(/^2025-03-04 \d\d:00 [ap]m$/);
      const actions = screen.getByRole('group', { name: 'Connected org actions' });
      for (const name of [
        'Deactivate',
        'Connect',
        'Export',
        'Refresh',
        'Revoke',
        'Edit',
        'Delete',
      ]) {
        expect(within(actions).getByRole('button', { name })).toBeDisabled();
      }
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Package Versions',
        'Package Upgrades',
      ]);
    },
  );

  it(
    'offers no Activate/Deactivate, no namespace and no tabs for a license org',
    SLOW,
    async () => {
      renderConnectedOrgScreen({
        route: ROUTE,
        routes: orgRoutes(
          makeConnectedOrg({
            name: 'License HQ',
            type: 'Licenses',
            namespace: null,
            active: false,
            status: 'Invalid',
          }),
        ),
      });

      await screen.findByRole('heading', { level: 1, name: 'License HQ' });
      expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
      expect(screen.queryByText('Namespace')).not.toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(field('Status')?.innerHTML).toContain('--mantine-color-red');
      expect(field('Active')).toHaveTextContent('No');
    },
  );

  it(
    'names Activate for an inactive packaging org and says why read-only users cannot',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded } = renderConnectedOrgScreen({
        route: ROUTE,
        readOnly: true,
        routes: orgRoutes(makeConnectedOrg({ active: false })),
      });
      await userLoaded();

      const activate = await screen.findByRole('button', { name: 'Activate' });
      await user.hover(activate.parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
    },
  );

  it('says the actions are not available yet to a user who may change things', SLOW, async () => {
    const user = userEvent.setup();
    const { userLoaded } = renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });
    await userLoaded();

    await user.hover((await screen.findByRole('button', { name: 'Connect' })).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NOT_AVAILABLE_YET);
  });

  it("lists the org's package versions, the number linking to its version", SLOW, async () => {
    const { fetchMock } = renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });

    const table = await screen.findByRole('table', { name: 'packageorg-versions' });
    expect(await within(table).findByRole('link', { name: '1.5.0' })).toHaveAttribute(
      'href',
      '/packageversion/04t000000000001AAA',
    );
    expect(within(table).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/package/033000000000001AAA',
    );
    const request = calledUrls(fetchMock).find((url) => url.pathname === '/api/packageversions');
    expect(request?.searchParams.get('packageOrgIds')).toBe(PACKAGING_ORG_ID);
  });

  it(
    'remembers the Package Upgrades tab, whose rows open their upgrade request',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const first = renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });
      await user.click(await screen.findByRole('tab', { name: 'Package Upgrades' }));

      const table = await screen.findByRole('table', { name: 'packageorg-upgrades' });
      expect(
        await within(table).findByRole('link', { name: 'Billing 1.5 for pilots' }),
      ).toHaveAttribute('href', '/upgradeitem/55');
      const request = calledUrls(first.fetchMock).find(
        (url) => url.pathname === '/api/upgradeitems',
      );
      expect(request?.searchParams.get('packageOrgId')).toBe(PACKAGING_ORG_ID);
      expect(JSON.parse(localStorage.getItem(TAB_STORAGE_KEY)!)).toBe('upgrades');

      first.unmount();
      renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });
      expect(await screen.findByRole('tab', { name: 'Package Upgrades' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  );

  it("shows the server's failure instead of the org when it cannot be read", SLOW, async () => {
    renderConnectedOrgScreen({
      route: ROUTE,
      routes: {
        [`GET /api/packageorgs/${PACKAGING_ORG_ID}`]: {
          status: 404,
          json: { message: 'No such connected org', subject: 'Not Found' },
        },
      },
    });

    expect(await screen.findAllByText('No such connected org')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });
});
