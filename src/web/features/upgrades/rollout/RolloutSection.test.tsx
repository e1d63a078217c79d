// Upgrade detail's rollout swimlanes on stubbed answers: one lane per wave with its state, job
// progress, failure line, times and comments; the gate between lanes; Resume and Skip with their
// required comments, Start wave under the activation policy, errors under their failure titles;
// nothing for an upgrade without a plan, and no buttons for a read-only user.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import {
  ACTIVATION_POLICY_MESSAGE,
  RESUME_COMMENT_REQUIRED,
  SKIP_COMMENT_REQUIRED,
} from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { listPage, makeUpgradeItem, makeUser } from '../../../testing/fixtures';
import { findToast } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { makeRollout, makeWave } from '../testing/rolloutFixtures';
import { renderUpgradeScreen } from '../testing/renderUpgradeScreen';
import { makeJob, makeUpgrade, makeUpgradeDetail } from '../testing/upgradeFixtures';
import { ROLLOUT_CONFIRM } from './RolloutSection';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const OPERATOR = makeUser({ enforce_activation_policy: true });

const HALTED = makeRollout({
  state: 'Halted',
  gate: {
    wave: 2,
    kind: 'halt',
    reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    until: null,
  },
  waves: [
    makeWave({
      state: 'Passed',
      created_job_count: 0,
      succeeded_job_count: 10,
      pushed_org_count: 10,
      started_at: '2026-11-27T10:00:00.000Z',
      started_by: 'ada@example.com',
      ended_at: '2026-11-27T10:20:00.000Z',
      passed_at: '2026-11-27T10:50:00.000Z',
    }),
    makeWave({
      wave: 2,
      label: '10 % of the rest',
      state: 'Halted',
      org_count: 120,
      created_job_count: 0,
      inprogress_job_count: 3,
      succeeded_job_count: 110,
      failed_job_count: 7,
      pushed_org_count: 120,
      failed_org_count: 7,
      started_at: '2026-11-27T10:50:00.000Z',
      started_by: 'pushboard (rollout gate)',
      halted_at: '2026-11-27T11:00:00.000Z',
      halt_reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    }),
    makeWave({ wave: 3, label: 'The rest', start_mode: 'person', org_count: 500 }),
  ],
});

function renderDetail(routes: Record<string, StubRoute> = {}, user = OPERATOR) {
  localStorage.clear();
  return renderUpgradeScreen({
    route: '/upgrade/7',
    user,
    routes: {
      'GET /api/upgrades/7': { json: makeUpgradeDetail({ status: 'Active' }) },
      'GET /api/upgrades': { json: [makeUpgrade()] },
      'GET /api/upgradeitems': { json: [makeUpgradeItem()] },
      'GET /api/upgrades/7/jobs': { json: listPage([makeJob()]) },
      'GET /api/upgrades/7/blacklist': { json: listPage([]) },
      'GET /api/upgrades/7/rollout': { json: HALTED },
      ...routes,
    },
  });
}

const lane = (n: number) => screen.getByTestId(`wave-lane-${n}`);

describe('RolloutSection', { timeout: 20_000 }, () => {
  it('draws a lane per wave with its state, progress, failures, times and the gate', async () => {
    renderDetail();
    await screen.findByTestId('rollout-section');
    expect(screen.getByTestId('rollout-state')).toHaveTextContent('Halted');
    expect(within(lane(1)).getByTestId('wave-lane-1-state')).toHaveTextContent('Passed');
    expect(lane(1)).toHaveTextContent('Wave 1Group Canaries');
    expect(lane(1)).toHaveTextContent('0 of 10 orgs failed (0.0 %)');
    expect(lane(1)).toHaveTextContent(/Started .* by ada@example\.com/);
    expect(lane(1)).toHaveTextContent(/Passed 2026-11-27/);
    expect(within(lane(2)).getByTestId('wave-lane-2-state')).toHaveTextContent('Halted');
    expect(within(lane(2)).getByTestId('wave-lane-2-failed')).toHaveTextContent(
      '7 of 120 orgs failed (5.8 %)',
    );
    expect(within(lane(2)).getByTestId('wave-lane-2-halt')).toHaveTextContent(
      'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    );
    const segments = [
      ...within(lane(2)).getByTestId('wave-lane-2-progress').querySelectorAll('[data-segment]'),
    ].map((el) => el.getAttribute('data-segment'));
    expect(segments).toEqual(['success', 'error']);
    // A waiting wave has no bar yet; the overall bar is still the upgrade's own.
    expect(within(lane(3)).queryByTestId('wave-lane-3-progress')).toBeNull();
    expect(screen.getByTestId('upgrade-progress')).toBeInTheDocument();
    expect(screen.getByTestId('gate-1')).toHaveTextContent('Gate: at most 2 % failed, soak 30 min');
    expect(screen.getByTestId('gate-2')).toHaveTextContent(
      'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    );
    // Resume on the halted wave; Skip on the waiting one, which cannot start while wave 2 halts.
    expect(within(lane(2)).getByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(within(lane(3)).getByRole('button', { name: 'Skip' })).toBeEnabled();
    expect(within(lane(3)).queryByRole('button', { name: 'Start wave' })).toBeNull();
    expect(within(lane(1)).queryByRole('button')).toBeNull();
  });

  it('resumes with the required comment, and shows Resume Failed with the server message', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderDetail({
      'POST /api/upgrades/7/rollout/resume': (_url, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return bodies.length === 1
          ? { json: { id: 7, status: 'Active' } }
          : { status: 409, json: { message: 'The rollout is not halted.', subject: 'Conflict' } };
      },
    });
    await screen.findByTestId('rollout-section');
    await user.click(within(lane(2)).getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ROLLOUT_CONFIRM.resume);
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await within(dialog).findByText(RESUME_COMMENT_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Known flake');
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(bodies).toEqual([{ comment: 'Known flake' }]));

    await user.click(within(lane(2)).getByRole('button', { name: 'Resume' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByRole('textbox', { name: /Comment/ }), 'Once more');
    await user.click(within(again).getByRole('button', { name: 'Resume' }));
    expect(await findToast('Resume Failed')).toHaveTextContent('The rollout is not halted.');
  });

  it('skips a waiting wave with its comment', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderDetail({
      'POST /api/upgrades/7/rollout/waves/3/skip': (_url, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return { json: { id: 7, status: 'Active' } };
      },
    });
    await screen.findByTestId('rollout-section');
    await user.click(within(lane(3)).getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ROLLOUT_CONFIRM.skip(3));
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await within(dialog).findByText(SKIP_COMMENT_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Not this week');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(bodies).toEqual([{ comment: 'Not this week' }]));
  });

  it('offers Start wave once the waves before passed, under the activation policy', async () => {
    const user = userEvent.setup();
    const until = '2026-11-27T14:35:00.000Z';
    const soaking = makeRollout({
      state: 'Waiting',
      gate: { wave: 2, kind: 'wait', reason: 'Wave 2 is soaking', until },
      waves: [
        makeWave({ state: 'Passed' }),
        makeWave({ wave: 2, label: '10 % of the rest', state: 'Started' }),
        makeWave({ wave: 3, label: 'The rest', start_mode: 'person' }),
      ],
    });
    const ready = makeRollout({
      state: 'Waiting',
      waves: [
        makeWave({ state: 'Passed' }),
        makeWave({ wave: 2, state: 'Skipped', skipped_by: 'ada@example.com', skip_comment: 'No' }),
        makeWave({ wave: 3, label: 'The rest', start_mode: 'person' }),
      ],
    });
    let answer = soaking;
    let started = 0;
    const { queryClient } = renderDetail({
      'GET /api/upgrades/7/rollout': () => ({ json: answer }),
      'POST /api/upgrades/7/rollout/waves/3/start': () => {
        started += 1;
        return { json: { id: 7, status: 'Active' } };
      },
    });
    await screen.findByTestId('rollout-section');
    expect(screen.getByTestId('gate-2')).toHaveTextContent(
      `Wave 2 is soaking until ${dayjs(until).format('HH:mm')}`,
    );
    expect(within(lane(3)).queryByRole('button', { name: 'Start wave' })).toBeNull();

    answer = ready;
    await queryClient.invalidateQueries({ queryKey: ['upgrade'] });
    const start = await within(lane(3)).findByRole('button', { name: 'Start wave' });
    await user.click(start);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ROLLOUT_CONFIRM.start(3));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(started).toBe(1));
  });

  it("refuses Start wave to the upgrade's creator with the policy's reason", async () => {
    const ready = makeRollout({
      state: 'Waiting',
      waves: [makeWave({ state: 'Passed' }), makeWave({ wave: 2, start_mode: 'person' })],
    });
    renderDetail(
      { 'GET /api/upgrades/7/rollout': { json: ready } },
      makeUser({ username: 'grace@example.com', enforce_activation_policy: true }),
    );
    await screen.findByTestId('rollout-section');
    const start = within(lane(2)).getByRole('button', { name: 'Start wave' });
    expect(start).toBeDisabled();
    await userEvent.setup().hover(start.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ACTIVATION_POLICY_MESSAGE);
  });

  it('shows nothing without a plan and no buttons to a read-only user', async () => {
    const { unmount } = renderDetail({ 'GET /api/upgrades/7/rollout': { json: null } });
    await screen.findByRole('heading', { level: 1, name: 'Spring rollout' });
    await waitFor(() => expect(screen.queryByTestId('rollout-section')).toBeNull());
    unmount();
    renderDetail({}, makeUser({ read_only: true }));
    await screen.findByTestId('rollout-section');
    expect(within(screen.getByTestId('rollout-section')).queryByRole('button')).toBeNull();
  });
});
