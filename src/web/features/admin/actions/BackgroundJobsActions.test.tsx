import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import { sendLiveMessage } from '../../../api/live';
import { queryKeys } from '../../../api/queryKeys';
import { makeJob, makeJobs, makeUser } from '../testing/adminJobFixtures';
import { renderAdminScreen } from '../testing/renderAdminScreen';
import { adminSettingsKey } from './useAdminSettings';

// The page sends its commands through sendLiveMessage; the socket itself is not under test here.
vi.mock('../../../api/live', () => ({ sendLiveMessage: vi.fn() }));

const JOB_BUTTONS = ['Fetch Data', 'Fetch All Data', 'Fetch Upgrades', 'Upload Orgs'];

/** Waits until the user record (and with it read-only and enable_sumo) has arrived. */
async function userLoaded(queryClient: ReturnType<typeof renderAdminScreen>['queryClient']) {
  await waitFor(() =>
    expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'),
  );
}

describe('BackgroundJobsActions', () => {
  it.each([
    ['Fetch Data', 'fetch', 'Fetch started'],
    ['Fetch All Data', 'fetch-all', 'Fetch All started'],
    ['Fetch Upgrades', 'fetch-upgrades', 'Fetch Upgrades started'],
    ['Upload Orgs', 'upload-orgs', 'Upload started'],
  ] as const)(
    "'%s' sends '%s' on the live channel and says it started",
    async (label, message, toast) => {
      const user = userEvent.setup();
      renderAdminScreen({ user: makeUser({ enable_sumo: true }) });
      const button = await screen.findByRole('button', { name: label });
      await waitFor(() => expect(button).toBeEnabled());

      await user.click(button);

      expect(sendLiveMessage).toHaveBeenCalledTimes(1);
      expect(sendLiveMessage).toHaveBeenCalledWith(message);
      expect(await screen.findByText(toast)).toBeInTheDocument();
    },
  );

  it("offers 'Upload Orgs' only to a user with enable_sumo", async () => {
    const { queryClient } = renderAdminScreen({ user: makeUser({ enable_sumo: false }) });
    await userLoaded(queryClient);
    expect(screen.getByRole('button', { name: 'Fetch Data' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Upload Orgs' })).not.toBeInTheDocument();
  });

  it("offers 'Fetch Upgrades' (the upgrade monitor) to every user", async () => {
    const { queryClient } = renderAdminScreen({ user: makeUser({ enable_sumo: false }) });
    await userLoaded(queryClient);
    expect(screen.getByRole('button', { name: 'Fetch Upgrades' })).toBeEnabled();
  });

  it("links 'Open Dashboard' to the hosting app in a new tab when settings name the app", async () => {
    renderAdminScreen({ settings: { app_name: 'pushboard-prod', enable_sumo: false } });
    const link = await screen.findByRole('link', { name: 'Open Dashboard' });
    expect(link).toHaveAttribute('href', 'https://dashboard.heroku.com/apps/pushboard-prod');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  it("hides 'Open Dashboard' when the settings give no app name", async () => {
    const { queryClient } = renderAdminScreen({ settings: { app_name: null, enable_sumo: true } });
    await waitFor(() =>
      expect(queryClient.getQueryState(adminSettingsKey)?.status).toBe('success'),
    );
    expect(screen.queryByRole('link', { name: 'Open Dashboard' })).not.toBeInTheDocument();
  });

  it('disables every change for a read-only user and says why on hover', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderAdminScreen({
      user: makeUser({ read_only: true, enable_sumo: true }),
      jobs: makeJobs({ jobs: [makeJob()] }),
    });
    await userLoaded(queryClient);
    const card = await screen.findByTestId('job-card');
    const buttons = [
      ...JOB_BUTTONS.map((name) => screen.getByRole('button', { name })),
      within(card).getByRole('button', { name: 'Cancel Job' }),
    ];

    for (const button of buttons) {
      expect(button).toBeDisabled();
      // The tooltip listens on the wrapper: a disabled button fires no pointer events.
      await user.hover(button.parentElement!);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
      await user.unhover(button.parentElement!);
      await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    }
    expect(sendLiveMessage).not.toHaveBeenCalled();
  });

  it('keeps the actions disabled when the user record cannot be loaded (docs/product.md "Roles and permissions")', async () => {
    const { queryClient } = renderAdminScreen({
      jobs: makeJobs({ jobs: [makeJob()] }),
      routes: { 'GET /oauth2/user': { status: 500, json: { message: 'Directory down' } } },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('error'),
    );
    const card = await screen.findByTestId('job-card');
    expect(screen.getByRole('button', { name: 'Fetch Data' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fetch All Data' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Cancel Job' })).toBeDisabled();
  });
});
