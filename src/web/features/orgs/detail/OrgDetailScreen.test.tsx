import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLACKLISTED_NOTICE, READ_ONLY_MESSAGE } from '../../../../domain';
import { sendLiveMessage } from '../../../api/live';
import { queryKeys } from '../../../api/queryKeys';
import { REFRESH_VERSIONS_TITLE } from './OrgActions';
import { ORG_TABS_ID } from './OrgDetailScreen';
import { makeOrgDetail, ORG_ID, RELATED_ORG_ID } from '../testing/orgFixtures';
import { makeUser } from '../../../testing/fixtures';
import { renderOrgScreen } from '../testing/renderOrgScreen';

// Refresh Versions goes out on the live channel; the socket itself is not under test here.
vi.mock('../../../api/live', () => ({ sendLiveMessage: vi.fn() }));

const ORG_PATH = `/org/${ORG_ID}`;

function renderOrg(options: Omit<Parameters<typeof renderOrgScreen>[0], 'route'> = {}) {
  return renderOrgScreen({
    route: ORG_PATH,
    ...options,
    routes: {
      [`GET /api/orgs/${ORG_ID}`]: { json: makeOrgDetail() },
      [`GET /api/orgs/${ORG_ID}/versions`]: { json: [] },
      ...options.routes,
    },
  });
}

async function userLoaded(queryClient: ReturnType<typeof renderOrgScreen>['queryClient']) {
  await waitFor(() =>
    expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
  );
}

/** The value shown under a header field's label. */
function field(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling as HTMLElement;
}

describe('OrgDetailScreen', () => {
  it('shows the header fields of the org, its features as a list, and a link back to Orgs', async () => {
    renderOrg();
    expect(await screen.findByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(field('Name')).toHaveTextContent('Acme Corp');
    expect(field('Org ID')).toHaveTextContent(ORG_ID);
    expect(field('Instance')).toHaveTextContent('NA42');
    expect(field('Edition')).toHaveTextContent('Enterprise Edition');
    expect(field('Type')).toHaveTextContent('Production');
    expect(field('Status')).toHaveTextContent('Installed');
    const features = screen.getByRole('list', { name: 'Features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Communities', 'Person Accounts']);
    expect(screen.getByRole('link', { name: 'Orgs' })).toHaveAttribute('href', '/orgs');
    expect(screen.queryByTestId('blacklist-notice')).not.toBeInTheDocument();
  });

  it('shows the black blacklist notice word for word with each reason and its link', async () => {
    renderOrg({
      routes: {
        [`GET /api/orgs/${ORG_ID}`]: {
          json: makeOrgDetail({
            blacklisted: true,
            blacklist_reasons: [
              { kind: 'group', group_id: 4, group_name: 'Do Not Upgrade', via_org_id: null },
              { kind: 'denied', group_id: null, group_name: null, via_org_id: null },
              {
                kind: 'account',
                group_id: 4,
                group_name: 'Do Not Upgrade',
                via_org_id: RELATED_ORG_ID,
              },
            ],
          }),
        },
      },
    });
    const notice = await screen.findByTestId('blacklist-notice');
    expect(within(notice).getByText(BLACKLISTED_NOTICE)).toBeInTheDocument();
    expect(BLACKLISTED_NOTICE).toBe(
      'This org is currently blacklisted and will be automatically excluded from future upgrades.',
    );
    // Black with white text, as docs/product.md "Org detail" describes the notice.
    expect(notice.style.background).toBe('var(--mantine-color-black)');
    expect(notice.style.color).toBe('var(--mantine-color-white)');
    const reasons = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual([
      'Member of Blacklist Group Do Not Upgrade',
      'Listed in DENIED_ORGS',
      `Same account as a blacklisted org ${RELATED_ORG_ID}`,
    ]);
    expect(within(notice).getByRole('link', { name: 'Do Not Upgrade' })).toHaveAttribute(
      'href',
      '/orggroup/4',
    );
    expect(within(notice).getByRole('link', { name: RELATED_ORG_ID })).toHaveAttribute(
      'href',
      `/org/${RELATED_ORG_ID}`,
    );
  });

  it('sends refresh-org-versions with the org id and says the refresh runs in the background', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOrg();
    await userLoaded(queryClient);
    await user.click(await screen.findByRole('button', { name: 'Refresh Versions' }));

    expect(sendLiveMessage).toHaveBeenCalledTimes(1);
    expect(sendLiveMessage).toHaveBeenCalledWith('refresh-org-versions', ORG_ID);
    expect(await screen.findByText(REFRESH_VERSIONS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(/refreshed in the background/)).toBeInTheDocument();
  });

  it('lets a read-only user refresh versions but not upgrade or add to a group, and says why', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOrg({ user: makeUser({ read_only: true }) });
    await userLoaded(queryClient);
    await screen.findByRole('heading', { name: 'Acme Corp' });

    for (const name of ['Upgrade Packages', 'Add To Group']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      await user.hover(button.parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
      await user.unhover(button.parentElement!);
      await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    }

    const refresh = screen.getByRole('button', { name: 'Refresh Versions' });
    expect(refresh).toBeEnabled();
    await user.click(refresh);
    expect(sendLiveMessage).toHaveBeenCalledWith('refresh-org-versions', ORG_ID);
  });

  it("remembers the active tab under 'OrgRecord' and opens it on the next visit", async () => {
    const user = userEvent.setup();
    const { unmount } = renderOrg({
      routes: { [`GET /api/orggroups/members/${ORG_ID}`]: { json: [] } },
    });
    const versionsTab = await screen.findByRole('tab', { name: 'Versions' });
    expect(versionsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Versions',
      'Licenses',
      'Upgrade Jobs',
      'Related Orgs',
      'Groups',
      'History',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(screen.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
    expect(JSON.parse(localStorage.getItem(`pushboard:tabs:${ORG_TABS_ID}`) ?? 'null')).toBe(
      'groups',
    );
    unmount();

    renderOrg({ routes: { [`GET /api/orggroups/members/${ORG_ID}`]: { json: [] } } });
    expect(await screen.findByRole('tab', { name: 'Groups' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('table', { name: 'org groups' })).toBeInTheDocument();
  });

  it("raises 'Failed Request' with the server's subject, and a click on it goes back", async () => {
    const user = userEvent.setup();
    const { router } = renderOrgScreen({
      route: '/orgs',
      routes: {
        'GET /api/orgs': { json: { rows: [], total: 0, total_is_estimate: false } },
        [`GET /api/orgs/${ORG_ID}`]: {
          status: 404,
          json: { message: `No org ${ORG_ID}`, subject: 'Org Not Found' },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Orgs' });
    await router.navigate(ORG_PATH);

    const title = await screen.findByText('Org Not Found');
    expect(screen.getAllByText(`No org ${ORG_ID}`).length).toBeGreaterThan(0);
    await user.click(title);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
  });
});
