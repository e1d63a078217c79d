import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { redirectBrowserTo } from '../api/redirect';
import type * as RedirectModule from '../api/redirect';
import { renderWithProviders } from '../testing/renderWithProviders';
import { calledUrls, stubFetch } from '../testing/stubFetch';
import { rememberOwnTransid } from '../features/upgrades/notices/ownTransids';
import { useLiveNotices } from './useLiveNotices';

const live = vi.hoisted(() => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    socket: {
      on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
      off: (event: string) => listeners.delete(event),
    },
  };
});
vi.mock('../api/live', () => ({ getLiveSocket: () => live.socket }));
vi.mock('../api/redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof RedirectModule>()),
  redirectBrowserTo: vi.fn(),
}));

function Host() {
  useLiveNotices();
  return <Notifications />;
}

const ORG = {
  org_id: '00D000000000001AAA',
  name: 'Relay Core Packaging',
  instance_url: 'https://relay-core.my.salesforce.com',
  type: 'Package',
};

describe('useLiveNotices', () => {
  // Mantine keeps toasts in a global store; each test starts with none.
  beforeEach(() => notifications.clean());

  it.each([
    ['fail', 'Unavailable', 'red'],
    ['alert', 'Activation problem', 'red'],
    ['ALERT_INVALID_ORG', 'Invalid org', 'red'],
    ['ALERT_PREAUTH_ORG', 'Pre-authorized org', 'blue'],
  ])('shows %s as a %s toast', async (event, subject, color) => {
    renderWithProviders(<Host />);
    act(() => live.listeners.get(event)?.({ subject, message: `${event} happened` }));
    const title = await screen.findByText(subject);
    expect(screen.getByText(`${event} happened`)).toBeInTheDocument();
    expect(title.closest('.mantine-Notification-root')?.getAttribute('style')).toContain(color);
  });

  it('clicking the invalid-org alert re-authorizes the org on its own login page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /oauth2/orgurl': { json: { url: 'https://relay-core.my.salesforce.com/authorize' } },
    });
    renderWithProviders(<Host />);
    act(() =>
      live.listeners.get('ALERT_INVALID_ORG')?.({
        subject: 'Invalid org',
        message: 'The refresh token was revoked.',
        org: ORG,
      }),
    );
    await user.click(await screen.findByText('The refresh token was revoked.'));
    await waitFor(() =>
      expect(redirectBrowserTo).toHaveBeenCalledWith(
        'https://relay-core.my.salesforce.com/authorize',
      ),
    );
    const asked = calledUrls(fetchMock).find((url) => url.pathname === '/oauth2/orgurl');
    expect(asked?.searchParams.get('instanceUrl')).toBe(ORG.instance_url);
    expect(asked?.searchParams.get('type')).toBe('Package');
    expect(asked?.searchParams.get('returnTo')).toBe(`/packageorg/${ORG.org_id}`);
  });

  it('clicking the pre-authorize alert starts the pre-authorization of that org', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /oauth2/preauthorg': { json: { url: 'https://login.example/authorize' } },
    });
    renderWithProviders(<Host />);
    act(() =>
      live.listeners.get('ALERT_PREAUTH_ORG')?.({
        subject: 'Authorize org',
        message: 'Pushboard met a packaging org it holds no connection for.',
        org: { org_id: ORG.org_id, name: ORG.name },
      }),
    );
    await user.click(await screen.findByText(/holds no connection/));
    await waitFor(() =>
      expect(redirectBrowserTo).toHaveBeenCalledWith('https://login.example/authorize'),
    );
    const asked = calledUrls(fetchMock).find((url) => url.pathname === '/oauth2/preauthorg');
    expect(asked?.searchParams.get('org_id')).toBe(ORG.org_id);
  });

  it('an org alert without the org’s instance URL opens that connected org', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Host />);
    act(() =>
      live.listeners.get('alert')?.({
        subject: 'Org alert',
        message: 'Something about this org.',
        org: { org_id: ORG.org_id, name: ORG.name },
      }),
    );
    await user.click(await screen.findByText('Something about this org.'));
    expect(router.state.location.pathname).toBe(`/packageorg/${ORG.org_id}`);
  });

  it("skips the echo of this tab's own failed request, which shows the answer already", async () => {
    rememberOwnTransid('this-tab');
    renderWithProviders(<Host />);
    act(() =>
      live.listeners.get('fail')?.({
        subject: 'Failed to Schedule',
        message: 'mine',
        transid: 'this-tab',
      }),
    );
    act(() =>
      live.listeners.get('fail')?.({
        subject: 'Failed to Schedule',
        message: 'theirs',
        transid: 'other',
      }),
    );
    expect(await screen.findByText('theirs')).toBeInTheDocument();
    expect(screen.queryByText('mine')).not.toBeInTheDocument();
  });

  it('ignores payloads it cannot read, and stops listening on unmount', () => {
    const { unmount } = renderWithProviders(<Host />);
    act(() => live.listeners.get('fail')?.({ nonsense: true }));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    unmount();
    expect(live.listeners.size).toBe(0);
  });
});
