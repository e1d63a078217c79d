// The group modals against stubbed answers: the group form cleans pasted ids on blur and sends
// them, the picker offers to create the typed group (id -1) when nothing matches and leaves out the
// current group, a move asks its question first (docs/product.md "Confirmation texts"), the 'Added
// orgs' notice, the 'Addition Failed' toast, and the Import modal's outcome arriving by its
// transid.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as LiveModule from '../../../api/live';
import { makeGroup } from '../testing/orgGroupFixtures';
import { findToast, renderRoute } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { GroupFormModal } from './GroupFormModal';
import { ImportOrgsModal } from './ImportOrgsModal';
import { SelectGroupModal } from './SelectGroupModal';

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

const A = '00D000000000001EAA';
const B = '00D000000000002EAA';

function bodyOf(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) =>
      (url as string).split('?')[0] === path &&
      (init as RequestInit | undefined)?.method === method,
  );
  const init = call?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(init.body as string) : undefined;
}

describe('group modals', { timeout: 20_000 }, () => {
  it('cleans pasted org ids on blur, shows them comma-separated and saves them', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    const { fetchMock } = renderRoute(
      <GroupFormModal opened onClose={() => {}} onSaved={saved} />,
      {
        path: '/orggroups',
        at: '/orggroups',
        routes: { 'PUT /api/orggroups': { json: { id: 12, name: 'Pilot' } } },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Group' });
    const ids = within(dialog).getByRole('textbox', { name: 'Import Org Ids' });
    // 15-character ids, quotes, tabs, a duplicate and a non-org id.
    await user.click(ids);
    await user.paste(`"00D000000000001", 00D000000000002\t00D000000000001EAA\n001000000000001`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(ids).toHaveValue(`${A}, ${B}`);
    // No name: nothing is sent and the field says why.
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/orggroups')).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Pilot');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ id: 12, name: 'Pilot' }));
    expect(bodyOf(fetchMock, 'PUT', '/api/orggroups')).toEqual({
      name: 'Pilot',
      type: 'Upgrade Group',
      description: '',
      orgIds: [A, B],
    });
  });

  it('edits a group with its current values and no import box', async () => {
    const user = userEvent.setup();
    const group = makeGroup({
      id: 7,
      name: 'Pilots',
      description: 'first',
      type: 'Whitelist Group',
    });
    const { fetchMock } = renderRoute(<GroupFormModal opened onClose={() => {}} group={group} />, {
      path: '/orggroup/7',
      at: '/orggroup/7',
      routes: { 'PUT /api/orggroups': { json: { id: 7, name: 'Pilots 2' } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Group' });
    expect(within(dialog).queryByRole('textbox', { name: 'Import Org Ids' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/orggroups')).toEqual({
        id: 7,
        name: 'Pilots 2',
        type: 'Whitelist Group',
        description: 'first',
      }),
    );
  });

  it('offers to create the typed group when the search finds nothing, and adds to it', async () => {
    const user = userEvent.setup();
    const groups: StubRoute = (url) => {
      const text = url.searchParams.get('text') ?? '';
      expect(url.searchParams.get('excludeId')).toBe('7');
      const all = [makeGroup({ id: 9, name: 'EMEA wave' })];
      return { json: all.filter((g) => g.name.toLowerCase().includes(text.toLowerCase())) };
    };
    const { fetchMock } = renderRoute(
      <SelectGroupModal opened onClose={() => {}} orgIds={[A, B]} excludeId={7} />,
      {
        path: '/orggroup/7',
        at: '/orggroup/7',
        routes: {
          'GET /api/orggroups': groups,
          'POST /api/orggroups/-1/members': { json: { id: 31, name: 'APAC', count: 2 } },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select Group' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Group' }), 'APAC');
    await user.click(await screen.findByRole('option', { name: 'Create a new group "APAC"' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const toast = await findToast('Added orgs');
    expect(toast).toHaveTextContent('Added 2 org(s) to APAC');
    expect(within(toast).getByRole('link')).toHaveAttribute('href', '/orggroup/31');
    expect(bodyOf(fetchMock, 'POST', '/api/orggroups/-1/members')).toEqual({
      orgIds: [A, B],
      name: 'APAC',
    });
  });

  it('asks before a move, word for word, and shows Addition Failed when refused', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute(
      <SelectGroupModal opened onClose={() => {}} orgIds={[A]} moveFrom={7} />,
      {
        path: '/orggroup/7',
        at: '/orggroup/7',
        routes: {
          'GET /api/orggroups': { json: [makeGroup({ id: 9, name: 'EMEA wave' })] },
          'POST /api/orggroups/9/members': {
            status: 404,
            json: { message: 'No org group 7.', subject: 'Not Found' },
          },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move to Group' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'EMEA wave' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move members' });
    expect(confirm).toHaveTextContent('Are you sure you want to move 1 member(s) to EMEA wave?');
    await user.click(within(confirm).getByRole('button', { name: 'Move' }));
    expect(await findToast('Addition Failed')).toHaveTextContent('No org group 7.');
    expect(bodyOf(fetchMock, 'POST', '/api/orggroups/9/members')).toEqual({
      orgIds: [A],
      moveFrom: 7,
    });
  });

  it('imports pasted ids and shows the outcome the live event of its transid brings', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute(<ImportOrgsModal opened onClose={() => {}} />, {
      path: '/orgs',
      at: '/orgs',
      routes: {
        'PUT /api/orgs': (_url, init) => {
          const { transid } = JSON.parse(init?.body as string) as { transid: string };
          return {
            json: { transid, jobId: 'import-orgs-1', known: 1, lookingUp: 1, summary: null },
          };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import Orgs' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Org Ids' }));
    await user.paste(`${A}\n${B}, ${A}`);
    expect(within(dialog).getByTestId('import-count')).toHaveTextContent('2 org ids');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/looking up 1 in the background/)).toBeInTheDocument();
    const sent = bodyOf(fetchMock, 'PUT', '/api/orgs') as { orgIds: string[]; transid: string };
    expect(sent.orgIds).toEqual([A, B]);

    // Someone else's import finishing changes nothing here.
    act(() =>
      live.listeners.get('orgs')?.({
        transid: 'other',
        imported: { added: 9, known: 0, notFound: [] },
      }),
    );
    expect(within(dialog).queryByTestId('import-summary')).toBeNull();
    act(() =>
      live.listeners.get('orgs')?.({
        transid: sent.transid,
        ids: [B],
        imported: { added: 0, known: 1, notFound: [B] },
      }),
    );
    const summary = await within(dialog).findByTestId('import-summary');
    expect(summary).toHaveTextContent('0 added');
    expect(summary).toHaveTextContent('1 already known');
    expect(summary).toHaveTextContent('1 not found');
    expect(dialog).toHaveTextContent(B);
  });

  it('shows Failed to Add Org(s) when the server refuses the import', async () => {
    const user = userEvent.setup();
    renderRoute(<ImportOrgsModal opened onClose={() => {}} />, {
      path: '/orgs',
      at: '/orgs',
      routes: {
        'PUT /api/orgs': {
          status: 503,
          json: { message: 'Background jobs are not running.', subject: 'Failed to Add Org(s)' },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import Orgs' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Org Ids' }));
    await user.paste(A);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await findToast('Failed to Add Org(s)')).toHaveTextContent(
      'Background jobs are not running.',
    );
  });
});
