// The Schedule Upgrade modal's Rollout section: all at once by default (no plan sent), a staged
// rollout from a preset whose waves the preview shows, the waves edited, the schema's messages
// beside the fields, and the plan sent with the schedule.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RolloutPlan } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { LATEST_ID, makePackage, makeVersion, PACKAGE_ID } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/renderRoute';
import { CANARY_PRESET } from './RolloutPlanEditor';
import { CHOOSE_GROUP } from './rolloutDraft';
import { ScheduleUpgradeModal } from './ScheduleUpgradeModal';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const group = (id: number, name: string, type = 'Upgrade Group') => ({
  id,
  name,
  type,
  description: null,
  created_date: null,
  created_by: null,
  member_count: 3,
});

const sampleOrg = (n: number) => ({
  org_id: `00D00000000000${n}AAA`.padEnd(18, 'A').slice(0, 18),
  org_name: `Org ${n}`,
  account_name: 'Acme',
});

/** The preview's answer: with a plan, one wave per planned wave. */
function previewOf(body: { versions: string[]; rollout?: RolloutPlan }) {
  return {
    requests: [
      {
        package_id: PACKAGE_ID,
        package_name: 'Pushboard Core',
        version_id: body.versions[0],
        version_number: '1.3.0',
        orgs: 12,
      },
    ],
    ...(body.rollout
      ? {
          waves: body.rollout.waves.map((wave, i) => ({
            wave: i + 1,
            label: wave.selector.kind === 'rest' ? 'The rest' : `Planned ${wave.selector.kind}`,
            start_mode: wave.start,
            orgs: i === 0 ? 2 : 10,
            held_from_previous: i === 1 ? 1 : 0,
            sample: i === 0 ? [sampleOrg(1), sampleOrg(2)] : [sampleOrg(3)],
          })),
        }
      : {}),
    leftOutOrgs: 0,
    leftOut: [],
  };
}

function Host() {
  const [opened, setOpened] = useState(true);
  return (
    <ScheduleUpgradeModal
      opened={opened}
      onClose={() => setOpened(false)}
      scope={{ kind: 'group', groupId: 3 }}
      name="Pilot"
    />
  );
}

function renderModal() {
  const previews: { rollout?: RolloutPlan }[] = [];
  const schedules: { rollout?: RolloutPlan }[] = [];
  const rendered = renderRoute(<Host />, {
    path: '/orggroup/:id',
    at: '/orggroup/3',
    routes: {
      'GET /api/packages': { json: [makePackage()] },
      'GET /api/packageversions': {
        json: [makeVersion({ version_id: LATEST_ID, version_number: '1.3.0' })],
      },
      'GET /api/orggroups': {
        json: [group(5, 'Canaries'), group(6, 'Denied', 'Blacklist Group'), group(7, 'Pilots')],
      },
      'POST /api/orggroups/3/upgrade/preview': (_url, init) => {
        const body = JSON.parse(init?.body as string) as {
          versions: string[];
          rollout?: RolloutPlan;
        };
        previews.push(body);
        return { json: previewOf(body) };
      },
      'POST /api/orggroups/3/upgrade': (_url, init) => {
        schedules.push(JSON.parse(init?.body as string) as { rollout?: RolloutPlan });
        return { json: { id: 41, transid: 'x' } };
      },
    },
  });
  return { ...rendered, previews, schedules };
}

async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, option: string) {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ScheduleUpgradeModal: Rollout', { timeout: 30_000 }, () => {
  it('sends no plan all at once; a staged rollout previews each wave', async () => {
    const user = userEvent.setup();
    const { previews } = renderModal();
    await screen.findByTestId('schedule-preview');
    expect(previews.at(-1)?.rollout).toBeUndefined();
    expect(screen.queryByTestId('preview-waves')).not.toBeInTheDocument();

    await user.click(screen.getByText('Staged rollout'));
    // Sandboxes first to begin with: a filter on Environment, then the rest.
    const first = await screen.findByTestId('rollout-wave-1');
    expect(within(first).getByRole('textbox', { name: 'Expression' })).toHaveValue('"Sandbox"');
    const waves = await screen.findByTestId('preview-waves');
    expect(previews.at(-1)?.rollout?.waves).toEqual([
      {
        selector: { kind: 'filter', filters: [{ id: 'environment', value: '"Sandbox"' }] },
        start: 'gate',
      },
      { selector: { kind: 'rest' }, start: 'gate' },
    ]);
    expect(within(waves).getByTestId('preview-wave-1')).toHaveTextContent(
      'Wave 1: Planned filter2 orgsOrg 1, Org 2',
    );
    expect(within(waves).getByTestId('preview-wave-2')).toHaveTextContent(
      'Wave 2: The rest10 orgsOrg 3, and 9 more1 held from wave 1 (maintenance)',
    );
  });

  it('applies the canary preset, edits the waves and schedules with the plan', async () => {
    const user = userEvent.setup();
    const { schedules } = renderModal();
    await screen.findByTestId('schedule-preview');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Canary push');
    await user.click(screen.getByText('Staged rollout'));
    const canary = screen.getByRole('button', { name: CANARY_PRESET });
    expect(canary).toBeDisabled();
    const canaryBox = screen.getByRole('combobox', { name: 'Canary group' });
    await user.click(canaryBox);
    // A Blacklist Group is never offered.
    expect(screen.queryByRole('option', { name: 'Denied' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Canaries' }));
    await user.click(canary);
    expect(screen.getAllByTestId(/^rollout-wave-\d$/)).toHaveLength(4);

    // Wave 3 (50 %) waits for a person, and wave 2 (10 %) moves below it.
    const third = screen.getByTestId('rollout-wave-3');
    await choose(
      user,
      within(third).getByRole('combobox', { name: 'Start' }),
      'When someone starts it',
    );
    await user.click(screen.getByRole('button', { name: 'Move wave 2 down' }));
    const soak = screen.getByRole('textbox', { name: /Soak/ });
    await user.clear(soak);
    await user.type(soak, '0');
    await waitFor(() =>
      expect(screen.getByTestId('preview-wave-2')).toHaveTextContent('Planned percent'),
    );
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(schedules).toHaveLength(1));
    expect(schedules[0]?.rollout).toEqual({
      waves: [
        { selector: { kind: 'group', groupId: 5 }, start: 'gate' },
        { selector: { kind: 'percent', percent: 50 }, start: 'person' },
        { selector: { kind: 'percent', percent: 10 }, start: 'gate' },
        { selector: { kind: 'rest' }, start: 'gate' },
      ],
      failureThresholdPercent: 2,
      soakMinutes: 0,
      sampleSeed: '',
    });
  });

  it("shows the plan's messages beside the fields and schedules nothing until it is fixed", async () => {
    const user = userEvent.setup();
    const { schedules } = renderModal();
    await screen.findByTestId('schedule-preview');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Staged push');
    await user.click(screen.getByText('Staged rollout'));
    await screen.findByTestId('rollout-wave-2');
    await user.click(screen.getByRole('button', { name: 'Add wave' }));
    // The new wave goes before the rest: a share of 10 % by default.
    const added = screen.getByTestId('rollout-wave-2');
    const percent = within(added).getByRole('textbox', { name: /Share/ });
    await user.clear(percent);
    await user.type(percent, '150');
    expect(await within(added).findByText(/100/)).toBeInTheDocument();
    expect(screen.getByTestId('rollout-plan-incomplete')).toBeInTheDocument();

    // A group wave with no group says so once Schedule is tried.
    await choose(user, within(added).getByRole('combobox', { name: 'Orgs' }), 'An org group');
    expect(within(added).queryByText(CHOOSE_GROUP)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await within(added).findByText(CHOOSE_GROUP)).toBeInTheDocument();
    expect(schedules).toHaveLength(0);

    await choose(user, within(added).getByRole('combobox', { name: 'Group' }), 'Pilots');
    await waitFor(() => expect(screen.queryByTestId('rollout-plan-incomplete')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove wave 1' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(schedules).toHaveLength(1));
    expect(schedules[0]?.rollout?.waves.map((w) => w.selector)).toEqual([
      { kind: 'group', groupId: 7 },
      { kind: 'rest' },
    ]);
  });
});
