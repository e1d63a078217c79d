import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESCRIPTION_REQUIRED, NONE_OPTION, NOTHING_TO_SCHEDULE } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { LATEST_ID, makePackage, makeVersion, PACKAGE_ID } from '../../../testing/fixtures';
import { findToast, renderRoute } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
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
vi.mock('../../../api/live', async (importOriginal) => ({
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

const org = (org_id: string, detail: string) => ({
  org_id,
  org_name: `Org ${org_id.slice(-4)}`,
  account_name: 'Acme',
  detail,
});

const BLACKLISTED_LINE = {
  kind: 'blacklisted',
  label: 'Blacklisted (a Blacklist Group)',
  count: 2,
  orgs: [
    org('00D000000000001AAA', "Blacklist Group 'Denied'"),
    org('00D000000000002AAA', "Blacklist Group 'Denied'"),
  ],
};

function reaching(versions: string[]) {
  return {
    requests: versions.map((id) => ({
      package_id: id === BILLING_VERIFIED ? BILLING_ID : PACKAGE_ID,
      package_name: id === BILLING_VERIFIED ? 'Billing' : 'Pushboard Core',
      version_id: id,
      version_number: id === BILLING_VERIFIED ? '2.1.0' : '1.3.0',
      orgs: id === BILLING_VERIFIED ? 4 : 12,
    })),
    leftOutOrgs: 2,
    leftOut: [BLACKLISTED_LINE],
  };
}

const NOBODY = {
  requests: [],
  leftOutOrgs: 5,
  leftOut: [
    {
      kind: 'already-current',
      label: 'Already on the selected version or newer',
      count: 3,
      orgs: [
        org('00D000000000003AAA', 'Billing 2.1.0'),
        org('00D000000000004AAA', 'Billing 2.1.0'),
        org('00D000000000005AAA', 'Billing 2.2.0'),
      ],
    },
    BLACKLISTED_LINE,
  ],
};

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
        // Billing alone reaches nobody: every member already runs 2.1.0 or has no Billing.
        const billingOnly = versions.length === 1 && versions[0] === BILLING_VERIFIED;
        return { json: billingOnly ? NOBODY : reaching(versions) };
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
    expect(within(preview).getByTestId('left-out-blacklisted')).toHaveTextContent(
      'Blacklisted (a Blacklist Group)2',
    );
    expect(screen.getByRole('button', { name: 'Select None' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeEnabled();
  });

  it('turns Schedule off with the reason while the preview reaches nobody, one line per reason', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderModal();
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot again');
    await user.selectOptions(picker('Pushboard Core'), NONE_OPTION);

    expect(await screen.findByTestId('schedule-disabled-reason')).toHaveTextContent(
      NOTHING_TO_SCHEDULE,
    );
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();
    await user.hover(schedule.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NOTHING_TO_SCHEDULE);
    const preview = screen.getByTestId('schedule-preview');
    expect(preview).toHaveTextContent('These versions reach no org.');
    expect(preview).toHaveTextContent('Left out: 5 orgs');
    // One line per reason with its count; each opens to the orgs it covers.
    const current = within(preview).getByTestId('left-out-already-current');
    expect(current).toHaveTextContent('Already on the selected version or newer3');
    expect(within(preview).getByTestId('left-out-blacklisted')).toHaveTextContent('2');
    await user.click(within(current).getByRole('button', { name: /Already on the selected/ }));
    const orgs = await within(current).findByRole('table', {
      name: 'orgs left out: Already on the selected version or newer',
    });
    expect(
      within(orgs)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Org IDNameAccountWhy',
      '00D000000000003AAAOrg 3AAAAcmeBilling 2.1.0',
      '00D000000000004AAAOrg 4AAAAcmeBilling 2.1.0',
      '00D000000000005AAAOrg 5AAAAcmeBilling 2.2.0',
    ]);
    // Enter in the form does not send it either.
    await user.type(screen.getByRole('textbox', { name: /Description/ }), '{Enter}');
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => init?.method === 'POST' && String(input as string).endsWith('/upgrade'),
      ),
    ).toBe(false);

    // Choosing a version that reaches someone turns it back on.
    await user.selectOptions(picker('Pushboard Core'), LATEST_ID);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schedule' })).toBeEnabled());
    expect(screen.queryByTestId('schedule-disabled-reason')).not.toBeInTheDocument();
  });

  it('shows the server refusal when the schedule reaches nobody after all (409)', async () => {
    const user = userEvent.setup();
    const message = `${NOTHING_TO_SCHEDULE} Left out: Already on the selected version or newer: 12.`;
    const { router } = renderModal({
      'POST /api/orggroups/3/upgrade': {
        status: 409,
        json: { message, subject: 'Conflict', preview: NOBODY },
      },
    });
    await screen.findByRole('listbox', { name: 'Pushboard Core' });
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pilot push');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await findToast(FAILED_TO_SCHEDULE)).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/orggroup/3');
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
