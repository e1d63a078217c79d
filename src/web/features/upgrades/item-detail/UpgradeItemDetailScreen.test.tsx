import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_KEY_ACTIVATION_MESSAGE } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { localDateTime } from '../../../components/dateTime';
import { listPage, makeUser } from '../../../testing/fixtures';
import { findToast } from '../../../testing/renderRoute';
import { calledUrls, type StubRoute } from '../../../testing/stubFetch';
import { COPIED_NOTICE } from '../jobs/JobMessageDialog';
import { renderUpgradeScreen } from '../testing/renderUpgradeScreen';
import { makeItemDetail, makeJob } from '../testing/upgradeFixtures';
import { REFRESHING_REQUEST } from './UpgradeItemActions';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const SALESFORCE_ERRORS = JSON.stringify([
  {
    title: 'Apex error',
    message: 'System.NullPointerException',
    details: 'Class.PostInstall.run: line 12, column 1',
  },
]);

function renderItem(routes: Record<string, StubRoute> = {}, user = makeUser()) {
  localStorage.clear();
  return renderUpgradeScreen({
    route: '/upgradeitem/71',
    user,
    routes: {
      'GET /api/upgradeitems/71': { json: makeItemDetail() },
      'GET /api/upgrades/7/jobs': {
        json: listPage([
          makeJob(),
          makeJob({
            id: 702,
            org_id: '00D000000000002EAA',
            org_name: 'Beta Industries',
            status: 'Failed',
            message: SALESFORCE_ERRORS,
          }),
        ]),
      },
      ...routes,
    },
  });
}

function button(name: string) {
  return within(screen.getByRole('group', { name: 'Request actions' })).getByRole('button', {
    name,
  });
}

describe('UpgradeItemDetailScreen', { timeout: 20_000 }, () => {
  it('shows the fields and asks for the time before activating the request', async () => {
    const user = userEvent.setup();
    const posted: string[] = [];
    renderItem({
      'POST /api/upgradeitems/activate/71': (url) => {
        posted.push(url.pathname);
        return { json: { id: 71, status: 'Pending' } };
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pushboard Core 1.3.0' }),
    ).toBeInTheDocument();
    for (const label of [
      'Scheduled Start',
      'Status',
      'Created By',
      'Activated By',
      'Activated On',
      'Start Time',
      'End Time',
    ])
      expect(screen.getByText(label, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spring rollout' })).toHaveAttribute(
      'href',
      '/upgrade/7',
    );
    await user.click(button('Activate Request'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      `Are you sure you want to activate this request for ${localDateTime('2024-06-01T12:00:00.000Z')}?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(posted).toEqual(['/api/upgradeitems/activate/71']));
  });

  it('cancels every org of the request with a comment, and refreshes it', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderItem({
      'POST /api/upgradeitems/cancel/71': (_url, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return { status: 409, json: { message: 'The request already started.' } };
      },
      'POST /api/upgradeitems/refresh/71': { json: { jobId: 'j' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Pushboard Core 1.3.0' });
    await user.click(button('Cancel Request'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to cancel this request? All 10 orgs will be canceled.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Bad build');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await findToast('Cancellation Failed')).toHaveTextContent(
      'The request already started.',
    );
    expect(bodies).toEqual([{ comment: 'Bad build' }]);

    await user.click(button('Refresh Request'));
    const refresh = await screen.findByRole('dialog');
    expect(refresh).toHaveTextContent('background');
    await user.click(within(refresh).getByRole('button', { name: 'Yes' }));
    expect(await findToast(REFRESHING_REQUEST)).toBeInTheDocument();
  });

  it("lists the request's jobs and opens a job's error in the dialog", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderItem();
    const table = await screen.findByRole('table', { name: 'upgrade jobs' });
    await within(table).findByText('Beta Industries');
    const jobsCall = calledUrls(fetchMock).find((url) => url.pathname === '/api/upgrades/7/jobs');
    expect(jobsCall?.searchParams.get('itemId')).toBe('71');
    const chips = within(table).getAllByTestId('job-error');
    expect(chips).toHaveLength(1);
    expect(chips[0]).toHaveTextContent('Error');

    await user.click(chips[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByRole('heading', { name: 'Apex error' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('System.NullPointerException');
    expect(within(dialog).getByTestId('class-error')).toHaveTextContent(
      'Class.PostInstall.run: line 12, column 1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByText(COPIED_NOTICE)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument(),
    );
  });

  it('does not offer Activate Request to an admin access key session and says why', async () => {
    const user = userEvent.setup();
    renderItem({}, makeUser({ username: 'admin-key', auth_method: 'admin-key' }));
    await screen.findByRole('heading', { level: 1, name: 'Pushboard Core 1.3.0' });
    const activate = button('Activate Request');
    expect(activate).toBeDisabled();
    await user.hover(activate.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ADMIN_KEY_ACTIVATION_MESSAGE);
    await user.click(activate);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button('Cancel Request')).toBeEnabled();
  });

  it('keeps the request actions from a read-only user', async () => {
    renderItem({}, makeUser({ read_only: true }));
    await screen.findByRole('heading', { level: 1, name: 'Pushboard Core 1.3.0' });
    for (const name of ['Activate Request', 'Cancel Request', 'Refresh Request'])
      expect(button(name)).toBeDisabled();
  });
});
