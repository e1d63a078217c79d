import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_MESSAGE } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { makeUser } from '../../../testing/fixtures';
import type { StubRoute } from '../../../testing/stubFetch';
import { renderUpgradeScreen } from '../testing/renderUpgradeScreen';
import { makeUpgrade } from '../testing/upgradeFixtures';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const UPGRADES = [
  makeUpgrade(),
  makeUpgrade({
    id: 8,
    description: 'Summer hotfix',
    status: 'Done',
    created_by: 'ada@example.com',
  }),
];

function renderList(routes: Record<string, StubRoute> = {}, user = makeUser()) {
  localStorage.clear();
  return renderUpgradeScreen({
    route: '/upgrades',
    user,
    routes: { 'GET /api/upgrades': { json: UPGRADES }, ...routes },
  });
}

async function selectRow(
  user: ReturnType<typeof userEvent.setup>,
  table: HTMLElement,
  text: string,
) {
  const row = (await within(table).findByText(text)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

describe('UpgradesListScreen', { timeout: 20_000 }, () => {
  it('shows the documented columns with When, each row opening its upgrade', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'upgrades' });
    await within(table).findByText('Summer hotfix');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Number',
      'Description',
      'Job Count',
      'Status',
      'Scheduled Start',
      'When',
      'Created By',
      'Activated By',
      'Activated On',
    ]);
    expect(within(table).getByRole('link', { name: 'Summer hotfix' })).toHaveAttribute(
      'href',
      '/upgrade/8',
    );
    expect(within(table).getAllByText(/ago$/).length).toBeGreaterThan(0);
  });

  it("purges the selection only after the confirmation and the word 'please'", async () => {
    const user = userEvent.setup();
    const purged: unknown[] = [];
    renderList({
      'POST /api/upgrades/purge': (_url, init) => {
        purged.push(JSON.parse(init?.body as string));
        return { json: { purged: 1 } };
      },
    });
    const table = await screen.findByRole('table', { name: 'upgrades' });
    expect(screen.getByRole('button', { name: 'Purge' })).toBeDisabled();
    await selectRow(user, table, 'Summer hotfix');

    // A wrong word does nothing.
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    await user.type(await screen.findByRole('textbox', { name: /Type 'please'/ }), 'sure');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(purged).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Purge' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Are you sure you want to purge the history of 1 upgrade?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await user.type(await screen.findByRole('textbox', { name: /Type 'please'/ }), 'PLEASE{Enter}');
    await waitFor(() => expect(purged).toEqual([{ upgradeIds: [8] }]));
  });

  it('analyzes the selected upgrades: per package, the jobs per status', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderList({
      'POST /api/stats': (_url, init) => {
        asked.push(JSON.parse(init?.body as string));
        return {
          json: [
            { name: 'Pushboard Core', status: 'Succeeded', count: 40 },
            { name: 'Pushboard Core', status: 'Failed', count: 2 },
            { name: 'Billing', status: 'Succeeded', count: 7 },
          ],
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'upgrades' });
    await selectRow(user, table, 'Spring rollout');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const stats = await screen.findByRole('table', { name: 'job counts per package and status' });
    const rows = within(stats)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Package', 'Succeeded', 'Failed'],
      ['Pushboard Core', '40', '2'],
      ['Billing', '7', '0'],
    ]);
    expect(asked).toEqual([{ upgradeIds: [7] }]);
  });

  it('lets a read-only user select, analyze and export, not purge', async () => {
    const user = userEvent.setup();
    renderList({}, makeUser({ read_only: true }));
    const table = await screen.findByRole('table', { name: 'upgrades' });
    await selectRow(user, table, 'Spring rollout');
    const purge = screen.getByRole('button', { name: 'Purge' });
    expect(purge).toBeDisabled();
    await user.hover(purge.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_MESSAGE);
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Export/ })).toBeEnabled();
  });
});
