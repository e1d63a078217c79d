// The Org detail's blacklist switch: it shows the org's state, sends the toggle, stays on the
// chosen state until the org has been read again, says why an org stays blacklisted, and is
// disabled with the reason for read-only users.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { makeUser } from '../../../testing/fixtures';
import { findToast } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { makeOrgDetail, ORG_ID } from '../testing/orgFixtures';
import { renderOrgScreen } from '../testing/renderOrgScreen';

vi.mock('../../../api/live', () => ({ sendLiveMessage: vi.fn() }));

function renderOrg(routes: Record<string, StubRoute>, readOnly = false) {
  return renderOrgScreen({
    route: `/org/${ORG_ID}`,
    user: makeUser({ read_only: readOnly }),
    routes: { [`GET /api/orgs/${ORG_ID}/versions`]: { json: [] }, ...routes },
  });
}

describe('BlacklistSwitch', { timeout: 20_000 }, () => {
  it('blacklists the org and shows the notice from the org read again', async () => {
    const user = userEvent.setup();
    let blacklisted = false;
    const { fetchMock, queryClient } = renderOrg({
      [`GET /api/orgs/${ORG_ID}`]: () => ({
        json: makeOrgDetail({
          blacklisted,
          blacklist_reasons: blacklisted
            ? [{ kind: 'group', group_id: 3, group_name: 'Blacklist', via_org_id: null }]
            : [],
        }),
      }),
      [`PUT /api/orgs/${ORG_ID}/blacklist`]: () => {
        blacklisted = true;
        return { json: { blacklisted: true, group: { id: 3, name: 'Blacklist' } } };
      },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
    );
    const toggle = await screen.findByRole('switch', { name: 'Blacklisted' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(
      await screen.findByText(
        'This org is currently blacklisted and will be automatically excluded from future upgrades.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Blacklisted' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Blacklisted' })).toBeChecked();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ blacklisted: true });
  });

  it('says why an org stays blacklisted when the server cannot lift it', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOrg({
      [`GET /api/orgs/${ORG_ID}`]: {
        json: makeOrgDetail({
          blacklisted: true,
          blacklist_reasons: [
            { kind: 'denied', group_id: null, group_name: null, via_org_id: null },
          ],
        }),
      },
      [`PUT /api/orgs/${ORG_ID}/blacklist`]: {
        status: 409,
        json: {
          message:
            "This org stays blacklisted: it is listed in DENIED_ORGS in the server's configuration.",
          subject: 'Conflict',
        },
      },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
    );
    const toggle = await screen.findByRole('switch', { name: 'Blacklisted' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await findToast('Fail')).toHaveTextContent('listed in DENIED_ORGS');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Blacklisted' })).toBeChecked());
  });

  it('is disabled for a read-only user, with the reason', async () => {
    const user = userEvent.setup();
    renderOrg({ [`GET /api/orgs/${ORG_ID}`]: { json: makeOrgDetail() } }, true);
    const toggle = await screen.findByRole('switch', { name: 'Blacklisted' });
    expect(toggle).toBeDisabled();
    await user.hover(toggle.closest('span[tabindex]')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
  });
});
