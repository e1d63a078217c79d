// The Audit Log section of the Administration page: the server-paged DataTable under the job
// sections, its columns, its server-side filter and sort, and read-only users included.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_LIST, type AuditEntry } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { calledUrls } from '../../../testing/stubFetch';
import { makeUser } from '../testing/adminJobFixtures';
import { renderAdminScreen } from '../testing/renderAdminScreen';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
}));

const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    at: '2026-03-02T10:00:00.000Z',
    actor: 'ada@example.com',
    action: 'orggroup.create',
    target_type: 'org_group',
    target_id: '7',
    target: 'org_group 7',
    outcome: 'success',
    details: 'name=Pilot customers',
  },
  {
    id: 1,
    at: '2026-03-01T09:00:00.000Z',
    actor: 'viewer@example.com',
    action: 'upgrade.activate',
    target_type: 'upgrade',
    target_id: '3',
    target: 'upgrade 3',
    outcome: 'denied',
    details: 'reason=read-only',
  },
];

function renderWithAudit(readOnly = false) {
  const rendered = renderAdminScreen({
    user: makeUser({ read_only: readOnly }),
    routes: {
      'GET /api/audit': { json: { rows: ENTRIES, total: 2, total_is_estimate: false } },
    },
  });
  const auditCalls = () =>
    calledUrls(rendered.fetchMock).filter((url) => url.pathname === '/api/audit');
  return { ...rendered, auditCalls };
}

/** The Audit Log is the Administration page's second tab. */
async function auditTable() {
  await userEvent.setup().click(await screen.findByRole('tab', { name: 'Audit Log' }));
  return screen.findByRole('table', { name: 'audit-log' });
}

function columnTexts(table: HTMLElement, label: string): string[] {
  const headers = [...table.querySelectorAll('thead tr:first-child th')];
  const index = headers.findIndex((th) => th.textContent?.trim() === label);
  if (index < 0) throw new Error(`No column ${label}`);
  return [...table.querySelectorAll('tbody tr')].map(
    (tr) => tr.querySelectorAll('td')[index]?.textContent ?? '',
  );
}

describe('Audit Log section', { timeout: 20_000 }, () => {
  it('shows who did what to which target and how it ended, newest first from the server', async () => {
    const { auditCalls } = renderWithAudit();

    const table = await auditTable();
    expect(screen.getByRole('heading', { level: 2, name: 'Audit Log' })).toBeVisible();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim())
      .filter((text) => text !== '');
    expect(headers).toEqual(AUDIT_LIST.columns.map((column) => column.label));
    expect(headers).toEqual(['When', 'Who', 'Action', 'Target', 'Outcome', 'Details']);
    await waitFor(() =>
      expect(columnTexts(table, 'Who')).toEqual(['ada@example.com', 'viewer@example.com']),
    );
    expect(columnTexts(table, 'Action')).toEqual(['orggroup.create', 'upgrade.activate']);
    expect(columnTexts(table, 'Target')).toEqual(['org_group 7', 'upgrade 3']);
    expect(columnTexts(table, 'Outcome')).toEqual(['Success', 'Denied']);
    expect(columnTexts(table, 'Details')).toEqual(['name=Pilot customers', 'reason=read-only']);
    const first = auditCalls()[0];
    expect(first?.searchParams.get('sort_field')).toBe('at');
    expect(first?.searchParams.get('sort_dir')).toBe('desc');
  });

  it('filters and sorts on the server', async () => {
    const user = userEvent.setup();
    const { auditCalls } = renderWithAudit();
    const table = await auditTable();

    await user.type(within(table).getByRole('textbox', { name: 'Filter Action' }), 'upgrade');
    await waitFor(() =>
      expect(auditCalls().at(-1)?.searchParams.get('filters')).toBe(
        JSON.stringify([{ id: 'action', value: 'upgrade' }]),
      ),
    );
    await user.click(within(table).getByRole('button', { name: /^Who/ }));
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('sort_field')).toBe('actor'));
  });

  it('is shown to read-only users too, with Export', async () => {
    renderWithAudit(true);

    const table = await auditTable();
    await waitFor(() => expect(columnTexts(table, 'Who')).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });
});
