import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import { calledUrls } from '../../../testing/stubFetch';
import {
  makeConnectedOrg,
  makePackageVersion,
  makeUpgradeItem,
  PACKAGING_ORG_ID,
} from '../testing/connectedOrgFixtures';
import { renderConnectedOrgScreen } from '../testing/renderConnectedOrgScreen';

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
      const { userLoaded } = renderConnectedOrgScreen({ route: ROUTE, routes: orgRoutes() });
      await userLoaded();

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
      // Connect is disabled while Connected; everything else is open to an operator
      // (docs/product.md "Connected org states").
      for (const name of ['Deactivate', 'Export', 'Refresh', 'Revoke', 'Edit', 'Delete']) {
        expect(within(actions).getByRole('button', { name })).toBeEnabled();
      }
      expect(within(actions).getByRole('button', { name: 'Connect' })).toBeDisabled();
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

  it(
    'a broken connection offers Connect and says why Export, Refresh and Revoke wait',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { userLoaded } = renderConnectedOrgScreen({
        route: ROUTE,
        routes: orgRoutes(makeConnectedOrg({ status: 'Invalid' })),
      });
      await userLoaded();
      const actions = await screen.findByRole('group', { name: 'Connected org actions' });
      expect(within(actions).getByRole('button', { name: 'Connect' })).toBeEnabled();
      for (const name of ['Export', 'Refresh', 'Revoke'])
        expect(within(actions).getByRole('button', { name })).toBeDisabled();
      await user.hover(within(actions).getByRole('button', { name: 'Revoke' }).parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent('This org is not connected.');
    },
  );

  it('deactivation asks first; Revoke posts and reloads the org', SLOW, async () => {
    const user = userEvent.setup();
    const posted: [string, unknown][] = [];
    const record = (path: string) => (_url: URL, init: RequestInit | undefined) => {
      posted.push([path, JSON.parse(init?.body as string)]);
      return {
        json: path.endsWith('activation') ? [makeConnectedOrg({ active: false })] : { orgIds: [] },
      };
    };
    const { userLoaded, fetchMock } = renderConnectedOrgScreen({
      route: ROUTE,
      routes: {
        ...orgRoutes(),
        'POST /api/packageorgs/activation': record('activation'),
        'POST /api/packageorgs/revoke': record('revoke'),
      },
    });
    await userLoaded();
    const actions = await screen.findByRole('group', { name: 'Connected org actions' });

    await user.click(within(actions).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Are you sure you want to deactivate this org connection?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(posted).toContainEqual(['activation', { orgIds: [PACKAGING_ORG_ID], flag: false }]),
    );

    const readsBefore = calledUrls(fetchMock).filter(
      (url) => url.pathname === `/api/packageorgs/${PACKAGING_ORG_ID}`,
    ).length;
    await user.click(within(actions).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(posted).toContainEqual(['revoke', { orgIds: [PACKAGING_ORG_ID] }]));
    await waitFor(() =>
      expect(
        calledUrls(fetchMock).filter(
          (url) => url.pathname === `/api/packageorgs/${PACKAGING_ORG_ID}`,
        ).length,
      ).toBeGreaterThan(readsBefore),
    );
  });

  it('Edit saves type and description; Delete confirms and returns to the list', SLOW, async () => {
    const user = userEvent.setup();
    let saved: unknown;
    const { userLoaded, router } = renderConnectedOrgScreen({
      route: ROUTE,
      routes: {
        ...orgRoutes(),
        'GET /api/packageorgs': { json: [] },
        'PUT /api/packageorgs': (_url, init) => {
          saved = JSON.parse(init?.body as string);
          return { json: makeConnectedOrg({ type: 'Accounts' }) };
        },
        'POST /api/packageorgs/delete': { json: { orgIds: [PACKAGING_ORG_ID] } },
      },
    });
    await userLoaded();
    const actions = await screen.findByRole('group', { name: 'Connected org actions' });

    await user.click(within(actions).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Billing, the packaging org');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Accounts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({
        org_id: PACKAGING_ORG_ID,
        type: 'Accounts',
        description: 'Billing, the packaging org',
      }),
    );

    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Are you sure you want to remove this org connection?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/packageorgs'));
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
