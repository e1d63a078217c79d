// The Import tab of the Administration page: an admin access key session starts a dry run (or,
// with Write on, the import) of the old console's database; a URL that is not postgres:// is
// refused before sending; other users see why it is not theirs.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as LiveModule from '../../../api/live';
import { makeUser } from '../testing/adminJobFixtures';
import { renderAdminScreen } from '../testing/renderAdminScreen';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
}));

const admin = { ...makeUser(), auth_method: 'admin-key', username: 'admin-key' };

async function openTab() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Import' }));
  return user;
}

describe('Import tab', { timeout: 20_000 }, () => {
  it('starts a dry run, then the import, as background jobs', async () => {
    const sent: unknown[] = [];
    renderAdminScreen({
      user: admin,
      routes: {
        'POST /api/admin/import-old-console': (_url, init) => {
          sent.push(JSON.parse(init?.body as string));
          return { json: { job_id: 'job-1' } };
        },
      },
    });
    const user = await openTab();
    const url = await screen.findByLabelText(/Old console database URL/);
    await user.type(url, 'mysql://old/db');
    await user.click(screen.getByRole('button', { name: 'Start dry run' }));
    expect(
      screen.getByText("Give the postgres:// URL of the old console's database."),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'postgres://pm:pw@old-host/packagemanager');
    await user.click(screen.getByRole('button', { name: 'Start dry run' }));
    expect(await screen.findByText('Dry run started')).toBeTruthy();

    await user.type(screen.getByLabelText(/Old console key/), 'the-old-key');
    await user.click(screen.getByLabelText(/Write/));
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Import started')).toBeTruthy();
    expect(sent).toEqual([
      { from: 'postgres://pm:pw@old-host/packagemanager', apply: false },
      { from: 'postgres://pm:pw@old-host/packagemanager', apply: true, old_key: 'the-old-key' },
    ]);
  });

  it('tells other users that only an admin access key session imports', async () => {
    renderAdminScreen({ user: makeUser() });
    await openTab();
    expect(
      await screen.findByText(/Only an admin access key session may import from the old console/),
    ).toBeTruthy();
  });
});
