import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACTIVATION_POLICY_MESSAGE,
  ADMIN_KEY_ACTIVATION_MESSAGE,
  READ_ONLY_MESSAGE,
} from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { listPage, makeUpgradeItem, makeUser } from '../../../testing/fixtures';
import { findToast } from '../../../testing/renderRoute';
import { calledUrls, type StubRoute } from '../../../testing/stubFetch';
import { renderUpgradeScreen } from '../testing/renderUpgradeScreen';
import { CONFIRM, REFRESHING_UPGRADE } from './UpgradeActions';
import { makeJob, makeUpgrade, makeUpgradeDetail } from '../testing/upgradeFixtures';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const SLOW = { timeout: 20_000 };
// The default operator is ada@example.com; the fixture upgrade was created by grace.
const OPERATOR = makeUser({ enforce_activation_policy: true });

function renderDetail(routes: Record<string, StubRoute> = {}, user = OPERATOR) {
  localStorage.clear();
  return renderUpgradeScreen({
    route: '/upgrade/7',
    user,
    routes: {
      'GET /api/upgrades/7': { json: makeUpgradeDetail() },
      'GET /api/upgrades': { json: [makeUpgrade()] },
      'GET /api/upgradeitems': { json: [makeUpgradeItem()] },
      'GET /api/upgrades/7/jobs': { json: listPage([makeJob()]) },
      'GET /api/upgrades/7/blacklist': { json: listPage([]) },
      ...routes,
    },
  });
}

function field(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling as HTMLElement;
}

function button(name: string) {
  return within(screen.getByRole('group', { name: 'Upgrade actions' })).getByRole('button', {
    name,
  });
}

async function confirm(user: ReturnType<typeof userEvent.setup>, message: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(message);
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

describe('UpgradeDetailScreen', SLOW, () => {
  it('shows the fields, status - item status with the comment, the message, and the progress segments', async () => {
    renderDetail({
      'GET /api/upgrades/7': {
        json: makeUpgradeDetail({
          status: 'Active',
          item_status: 'Active',
          comment: 'Paused for the weekend',
          activated_by: 'grace@example.com',
          activated_date: '2024-06-01T12:05:00.000Z',
          message: 'Tier 2 did not start: tier 1 had failures.',
          created_job_count: 0,
          succeeded_job_count: 6,
          canceled_job_count: 2,
          failed_job_count: 2,
        }),
      },
      'GET /api/upgrades': { json: [makeUpgrade(), makeUpgrade({ id: 9, parent_id: 7 })] },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring rollout' }),
    ).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Active - Active');
    expect(field('Status')).toHaveTextContent('Paused for the weekend');
    expect(field('Jobs')).toHaveTextContent('10');
    expect(field('Created By')).toHaveTextContent('grace@example.com');
    expect(field('Activated By')).toHaveTextContent('grace@example.com');
    expect(field('Scheduled Start')).toHaveTextContent('2024-06-01');
    expect(screen.getByTestId('upgrade-message')).toHaveTextContent('tier 1 had failures');
    const bar = screen.getByTestId('upgrade-progress');
    const segments = [...bar.querySelectorAll('[data-segment]')].map((el) => [
      el.getAttribute('data-segment'),
      el.getAttribute('aria-valuenow'),
    ]);
    expect(segments).toEqual([
      ['success', '60'],
      ['canceled', '20'],
      ['error', '20'],
    ]);
    expect(await screen.findByRole('link', { name: 'Upgrade 9' })).toHaveAttribute(
      'href',
      '/upgrade/9',
    );
    // Active with jobs done: Activate is refused with the domain's reason.
    expect(button('Activate')).toBeDisabled();
    expect(button('Retry Failed')).toBeEnabled();
  });

  it('activates after the confirmation, and shows Activation Failed with the server message', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { fetchMock } = renderDetail({
      'POST /api/upgrades/activate/7': () => {
        calls += 1;
        return calls === 1
          ? { json: { id: 7, status: 'Active' } }
          : { status: 502, json: { message: 'Salesforce: INVALID_OPERATION', subject: 'X' } };
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    await user.click(button('Activate'));
    await confirm(user, CONFIRM.activate);
    await waitFor(() => expect(calls).toBe(1));
    await user.click(button('Activate'));
    await confirm(user, CONFIRM.activate);
    const toast = await findToast('Activation Failed');
    expect(toast).toHaveTextContent('Salesforce: INVALID_OPERATION');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length).toBe(2);
  });

  it('bars the creator from activating under the policy, with the reason on hover', async () => {
    const user = userEvent.setup();
    renderDetail({}, makeUser({ username: 'grace@example.com', enforce_activation_policy: true }));
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    const activate = button('Activate');
    expect(activate).toBeDisabled();
    await user.hover(activate.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ACTIVATION_POLICY_MESSAGE);
  });

  it('does not offer Activate to an admin access key session and says why; other actions stay', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail(
      {},
      makeUser({
        username: 'admin-key',
        auth_method: 'admin-key',
        enforce_activation_policy: true,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    const activate = button('Activate');
    expect(activate).toBeDisabled();
    await user.hover(activate.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'A session opened with the admin access key cannot activate upgrades or requests: activation needs a named person, so sign in with your Salesforce user to activate.',
    );
    expect(ADMIN_KEY_ACTIVATION_MESSAGE).toContain('named person');
    await user.click(activate);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button('Cancel')).toBeEnabled();
    expect(calledUrls(fetchMock).filter((url) => url.pathname.includes('/activate/'))).toEqual([]);
  });

  it('cancels with a required comment and sends it', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderDetail({
      'POST /api/upgrades/cancel/7': (_url, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return { json: { id: 7, status: 'Canceled' } };
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    await user.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.cancel);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByText('A comment is required to cancel')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Wrong version');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(bodies).toEqual([{ comment: 'Wrong version' }]));
  });

  it('retries failed jobs into a new upgrade and opens it; Retry is off without failures', async () => {
    const user = userEvent.setup();
    const { router } = renderDetail({
      'GET /api/upgrades/7': {
        json: makeUpgradeDetail({
          status: 'Done',
          created_job_count: 0,
          failed_job_count: 3,
          succeeded_job_count: 7,
        }),
      },
      'POST /api/upgrades/retry/7': { json: { id: 12, transid: 'retry-7' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    await user.click(button('Retry Failed'));
    await confirm(user, CONFIRM.retry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/12'));
  });

  it('refreshes in the background with the Refreshing Upgrade notice', async () => {
    const user = userEvent.setup();
    renderDetail({ 'POST /api/upgrades/refresh/7': { json: { jobId: 'job-1' } } });
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    expect(button('Retry Failed')).toBeDisabled();
    await user.click(button('Refresh Status'));
    await confirm(user, CONFIRM.refresh);
    expect(await findToast(REFRESHING_UPGRADE)).toBeInTheDocument();
  });

  it('disables every change for a read-only user with the read-only tooltip', async () => {
    const user = userEvent.setup();
    renderDetail({}, makeUser({ read_only: true }));
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    for (const name of ['Activate', 'Cancel', 'Retry Failed', 'Refresh Status'])
      expect(button(name)).toBeDisabled();
    await user.hover(button('Cancel').parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
  });

  it('lists the requests, the server-paged jobs and the blacklist in tabs', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail({
      'GET /api/upgrades/7/blacklist': {
        json: listPage([
          {
            org_id: '00D000000000002EAA',
            org_name: 'Beta',
            account_name: 'B',
            reason: 'Blacklisted',
          },
        ]),
      },
    });
    const requests = await screen.findByRole('table', { name: 'upgrade requests' });
    expect(
      await within(requests).findByRole('link', { name: 'Pushboard Core' }),
    ).toBeInTheDocument();
    expect(within(requests).getAllByRole('link', { name: '1.3.0' })[0]).toHaveAttribute(
      'href',
      '/upgradeitem/71',
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const jobs = await screen.findByRole('table', { name: 'upgrade jobs' });
    expect(await within(jobs).findByText('Acme Production')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Blacklist' }));
    const blacklist = await screen.findByRole('table', { name: 'upgrade blacklist' });
    expect(await within(blacklist).findByText('Blacklisted')).toBeInTheDocument();
    const urls = calledUrls(fetchMock).map((url) => url.pathname);
    expect(urls).toContain('/api/upgrades/7/jobs');
    expect(urls).toContain('/api/upgrades/7/blacklist');
  });
});
