import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESCRIPTION_REQUIRED, NONE_OPTION } from '../../../domain';
import type * as LiveModule from '../../api/live';
import { LATEST_ID, makePackage, makeVersion, PACKAGE_ID } from '../../testing/fixtures';
import { findToast, renderRoute } from '../../testing/renderRoute';
import type { StubRoute } from '../../testing/stubFetch';
import { FAILED_TO_SCHEDULE, ScheduleUpgradeModal } from './ScheduleUpgradeModal';

const live = vi.hoisted(() => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    socket: {
      on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
      off: (event: string) => listeners.delete(event),
      emit: () => undefined,
    },
  };
});
vi.mock('../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => live.socket,
}));

const BILLING_ID = '0A3000000000002AAA';
const BILLING_VERIFIED = '04t000000000021AAA';
const VERSIONS = [
  makeVersion(), // 1.2.0 Verified
  makeVersion({
    version_id: LATEST_ID,
    sfid: 'a0V000000000009AAA',
    version_number: '1.3.0',
    version_sort: '0001.0003.0000',
    status: 'Verified',
  }),
  makeVersion({
    version_id: '04t000000000014AAA',
    sfid: 'a0V000000000014AAA',
    version_number: '1.4.0',
    version_sort: '0001.0004.0000',
    status: 'Pre-Release',
  }),
  makeVersion({
    version_id: BILLING_VERIFIED,
    sfid: 'a0V000000000021AAA',
    version_number: '2.1.0',
    version_sort: '0002.0001.0000',
    package_id: BILLING_ID,
    package_name: 'Billing',
    dependency_tier: 2,
  }),
];

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

function renderModal(routes: Record<string, StubRoute> = {}) {
  live.listeners.clear();
  return renderRoute(<Host />, {
    path: '/orggroup/:id',
    at: '/orggroup/3',
    routes: {
      'GET /api/packages': {
        json: [makePackage(), makePackage({ sfid: BILLING_ID, name: 'Billing' })],
      },
      'GET /api/packageversions': { json: VERSIONS },
      'POST /api/orggroups/3/upgrade/preview': (_url, init) => {
        const { versions } = JSON.parse(init?.body as string) as { versions: string[] };
        return {
          json: {
            requests: versions.map((id) => ({
              package_id: id === BILLING_VERIFIED ? BILLING_ID : PACKAGE_ID,
              package_name: id === BILLING_VERIFIED ? 'Billing' : 'Pushboard Core',
              version_id: id,
              version_number: id === BILLING_VERIFIED ? '2.1.0' : '1.3.0',
              orgs: id === BILLING_VERIFIED ? 4 : 12,
            })),
            leftOut: [{ reason: 'Blacklisted', count: 2 }],
          },
        };
      },
      ...routes,
    },
  });
}

function picker(name: string) {
  return screen.getByRole<HTMLSelectElement>('listbox', { name });
}

function selected(select: HTMLSelectElement) {
  return [...select.selectedOptions].map((option) => option.value);
}

describe('ScheduleUpgradeModal', { timeout: 20_000 }, () => {
  it('lists every version per package, newest Verified pre-selected, and previews the reach', async () => {
    renderModal();
    const core = await screen.findByRole('listbox', { name: 'Pushboard Core' });
    expect([...core.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'NONE',
      '1.4.0 (Pre-Release) Spring',
      '1.3.0 (Verified) Spring',
      '1.2.0 (Verified) Spring',
    ]);
    expect(selected(core as HTMLSelectElement)).toEqual([LATEST_ID]);
    expect(selected(picker('Billing'))).toEqual([BILLING_VERIFIED]);
    const preview = await screen.findByTestId('schedule-preview');
    expect(within(preview).getByRole('table')).toHaveTextContent('Pushboard Core1.3.012');
    expect(preview).toHaveTextContent('2 · Blacklisted');
    expect(screen.getByRole('button', { name: 'Select None' })).toBeInTheDocument();
  });

  it('requires a description, and Select None leaves nothing to schedule', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderModal();
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(DESCRIPTION_REQUIRED)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select None' }));
    expect(selected(picker('Pushboard Core'))).toEqual([NONE_OPTION]);
    expect(selected(picker('Billing'))).toEqual([NONE_OPTION]);
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot push');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Select at least one version')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => init?.method === 'POST' && String(input as string).endsWith('/upgrade'),
      ),
    ).toBe(false);
  });

  it('schedules with a transid and opens the upgrade named by the live event of that transid', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    const { router, fetchMock } = renderModal();
    const stubbed = fetchMock.getMockImplementation();
    // The answer never comes: the live event alone must move the user.
    fetchMock.mockImplementation((input, init) => {
      if (
        init?.method === 'POST' &&
        (input instanceof Request ? input.url : input.toString()).endsWith('/orggroups/3/upgrade')
      ) {
        bodies.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return new Promise<Response>(() => undefined);
      }
      return stubbed ? stubbed(input, init) : Promise.reject(new Error('no stub'));
    });
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.selectOptions(picker('Billing'), NONE_OPTION);
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot push');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const body = bodies[0] as { versions: string[]; transid: string; scheduled_date: string };
    expect(body.versions).toEqual([LATEST_ID]);
    expect(body.transid).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.scheduled_date).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Another attempt's event is not ours.
    act(() => live.listeners.get('upgrade')?.({ ids: [40], transid: 'someone-else' }));
    expect(router.state.location.pathname).toBe('/orggroup/3');
    act(() => live.listeners.get('upgrade')?.({ ids: [41], transid: body.transid }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/41'));
  });

  it('shows Failed to Schedule, closes and stays when the server refuses', async () => {
    const user = userEvent.setup();
    const { router } = renderModal({
      'POST /api/orggroups/3/upgrade': {
        status: 502,
        json: { message: 'Salesforce refused the push request.' },
      },
    });
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot push');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await findToast(FAILED_TO_SCHEDULE)).toHaveTextContent(
      'Salesforce refused the push request.',
    );
    expect(router.state.location.pathname).toBe('/orggroup/3');
    expect(screen.queryByRole('listbox', { name: 'Pushboard Core' })).not.toBeInTheDocument();
  });

  it('links the failure to the upgrade when an id came back with a message', async () => {
    const user = userEvent.setup();
    const { router } = renderModal({
      'POST /api/orggroups/3/upgrade': {
        json: { id: 44, transid: 'x', message: 'None of the selected orgs can be upgraded.' },
      },
    });
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot push');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const toast = await findToast(FAILED_TO_SCHEDULE);
    expect(toast).toHaveTextContent('None of the selected orgs can be upgraded.');
    await user.click(within(toast).getByText('Open upgrade 44'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/44'));
  });
});
