import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { renderWithProviders } from '../testing/renderWithProviders';
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

function Host() {
  useLiveNotices();
  return <Notifications />;
}

const ORG = {
  org_id: '00D000000000001AAA',
  name: 'Relay Core Packaging',
  instance_url: 'x',
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

  it('clicking an org alert opens that connected org', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Host />);
    act(() =>
      live.listeners.get('ALERT_INVALID_ORG')?.({
        subject: 'Invalid org',
        message: 'The refresh token was revoked.',
        org: ORG,
      }),
    );
    await user.click(await screen.findByText('The refresh token was revoked.'));
    expect(router.state.location.pathname).toBe(`/packageorg/${ORG.org_id}`);
  });

  it('ignores payloads it cannot read, and stops listening on unmount', () => {
    const { unmount } = renderWithProviders(<Host />);
    act(() => live.listeners.get('fail')?.({ nonsense: true }));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    unmount();
    expect(live.listeners.size).toBe(0);
  });
});
