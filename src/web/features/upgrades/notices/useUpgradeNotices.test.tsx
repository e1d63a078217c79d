import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { makeUser } from '../../../testing/fixtures';
import { stubFetch } from '../../../testing/stubFetch';
import { rememberOwnTransid } from './ownTransids';
import { makeUpgradeDetail } from '../testing/upgradeFixtures';
import {
  upgradeChangedMessage,
  UPGRADE_STATUS_UPDATE,
  useUpgradeNotices,
} from './useUpgradeNotices';

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
vi.mock('../../../api/live', () => ({ getLiveSocket: () => live.socket }));

function Host() {
  useUpgradeNotices();
  return <Notifications />;
}

describe('useUpgradeNotices', () => {
  beforeEach(() => {
    notifications.clean();
    stubFetch({
      'GET /oauth2/user': { json: makeUser() },
      'GET /api/upgrades/7': { json: makeUpgradeDetail() },
      'GET /api/upgrades/8': { json: makeUpgradeDetail({ id: 8, created_by: 'ADA@example.com' }) },
    });
  });

  it("announces another user's upgrade change for 7 s, and a click opens the upgrade", async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Host />);
    act(() => live.listeners.get('upgrade')?.({ ids: [7], transid: 'their-transid' }));
    expect(await screen.findByText(UPGRADE_STATUS_UPDATE)).toBeInTheDocument();
    await user.click(screen.getByText(upgradeChangedMessage('Spring rollout')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/7'));
  });

  it("announces another user's activation or cancel, never this user's own", async () => {
    const { queryClient } = renderWithProviders(<Host />);
    await waitFor(() =>
      expect(queryClient.getQueryState(['oauth2', 'user'])?.status).toBe('success'),
    );
    act(() => live.listeners.get('upgrade')?.({ ids: [8], by: 'Ada@Example.com' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(UPGRADE_STATUS_UPDATE)).not.toBeInTheDocument();
    // Upgrade 8 is Ada's own, but Grace activated it: Ada hears of it.
    act(() => live.listeners.get('upgrade')?.({ ids: [8], by: 'grace@example.com' }));
    expect(await screen.findByText(UPGRADE_STATUS_UPDATE)).toBeInTheDocument();
  });

  it("stays quiet for this user's own transid and for the monitor's events", async () => {
    rememberOwnTransid('mine');
    const { queryClient } = renderWithProviders(<Host />);
    await waitFor(() =>
      expect(queryClient.getQueryState(['oauth2', 'user'])?.status).toBe('success'),
    );
    act(() => live.listeners.get('upgrade')?.({ ids: [7], transid: 'mine' }));
    act(() => live.listeners.get('upgrade')?.({ ids: [7] }));
    // A retry this user made: the server's transid, but their own upgrade.
    act(() => live.listeners.get('upgrade')?.({ ids: [8], transid: 'server-made' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(UPGRADE_STATUS_UPDATE)).not.toBeInTheDocument();
  });
});
