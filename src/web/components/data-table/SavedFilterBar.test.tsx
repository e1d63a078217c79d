import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedFilter } from '../../../domain';
import { calledUrls } from '../../testing/stubFetch';
import { columnValues, filterInput, renderTable } from './dataTableFixtures';
import { savedFilterSlots, splitSavedFilters } from './savedFilterSlots';
import { storageKey } from './useListState';

const saved = (id: number, name: string, query: SavedFilter['query']): SavedFilter => ({
  id,
  key: 'ThingList',
  name,
  query,
  created_by: 'ann@example.com',
});

const ACME = saved(5, 'Acme', [{ id: 'name', value: '$acme' }]);
const NEW_VERSIONS = saved(6, 'New versions', [{ id: 'version', value: '>= 1.2' }]);
const UNKNOWN_COLUMN = saved(7, 'Gone column', [{ id: 'nope', value: 'x' }]);
const BAD_EXPRESSION = saved(8, 'Broken', [{ id: 'version', value: '> (' }]);
const MALFORMED = { id: 'nine', name: 'Malformed' };

function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

describe('Saved-filter bar', { timeout: 20_000 }, () => {
  it('lists the usable filters, logs and ignores bad ones, and applies one on click', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.innerWidth = 1280;
    renderTable(
      {},
      {
        'GET /api/filters': (url) => ({
          json:
            url.searchParams.get('key') === 'ThingList'
              ? [ACME, UNKNOWN_COLUMN, BAD_EXPRESSION, MALFORMED, NEW_VERSIONS]
              : [],
        }),
      },
    );
    const acme = await screen.findByRole('button', { name: 'Acme' });
    expect(screen.getByRole('button', { name: 'New versions' })).toBeInTheDocument();
    for (const name of ['Gone column', 'Broken', 'Malformed']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(warn).toHaveBeenCalledTimes(3);

    await user.click(acme);
    expect(filterInput('Name')).toHaveValue('$acme');
    expect(columnValues('ID')).toEqual(['t1', 't3']);
    expect(acme).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(storageKey('ThingList', 'savedFilter'))).toBe('5');

    // A second click clears the selection and its filters.
    await user.click(acme);
    expect(filterInput('Name')).toHaveValue('');
    expect(columnValues('ID')).toHaveLength(5);
  });

  it('creates a filter from the current filters after prompting for a name', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    const { fetchMock } = renderTable(
      {},
      {
        'PUT /api/filters': (_url, init) => {
          puts.push(bodyOf(init));
          return { json: { id: 42 } };
        },
      },
    );
    await user.type(filterInput('Name'), 'globex');
    await waitFor(() => expect(columnValues('ID')).toEqual(['t2']));

    await user.click(screen.getByRole('button', { name: 'Save Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Filter' });
    await user.type(within(dialog).getByLabelText('Name'), 'Globex only');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'ThingList', name: 'Globex only', query: [{ id: 'name', value: 'globex' }] },
      ]),
    );
    // The list is asked again for its saved filters.
    await waitFor(() =>
      expect(
        calledUrls(fetchMock).filter(
          (url, i) =>
            url.pathname === '/api/filters' && fetchMock.mock.calls[i]?.[1]?.method === 'GET',
        ),
      ).toHaveLength(2),
    );
    await waitFor(() =>
      expect(localStorage.getItem(storageKey('ThingList', 'savedFilter'))).toBe('42'),
    );
  });

  it('an empty name cancels', async () => {
    const user = userEvent.setup();
    const put = vi.fn(() => ({ json: { id: 1 } }));
    renderTable({}, { 'PUT /api/filters': put });
    await user.click(await screen.findByRole('button', { name: 'Save Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Filter' });
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save Filter' })).not.toBeInTheDocument(),
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('updates the selected filter with the current filters', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    renderTable(
      {},
      {
        'GET /api/filters': { json: [ACME] },
        'PUT /api/filters': (_url, init) => {
          puts.push(bodyOf(init));
          return { json: { id: 5 } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Acme' }));
    await user.type(filterInput('Version'), '?');
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't3']));
    await user.click(screen.getByRole('button', { name: 'Update Acme' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          id: 5,
          key: 'ThingList',
          name: 'Acme',
          query: [
            { id: 'name', value: '$acme' },
            { id: 'version', value: '?' },
          ],
        },
      ]),
    );
  });

  it('deletes the selected filter after confirmation, and shows a failure as a toast', async () => {
    const user = userEvent.setup();
    const deletes: string[] = [];
    let fail = true;
    renderTable(
      {},
      {
        'GET /api/filters': { json: [ACME] },
        'DELETE /api/filters/5': (url) => {
          deletes.push(url.pathname);
          return fail
            ? { status: 500, json: { message: 'The database is read-only' } }
            : { json: { id: 5 } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Acme' }));
    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Saved Filter' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the saved filter Acme?');

    // Cancel does nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Saved Filter' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(await screen.findByText('Failed Request')).toBeInTheDocument();
    expect(screen.getByText('The database is read-only')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Saved Filter' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(deletes).toEqual(['/api/filters/5', '/api/filters/5']));
    // Deleted: the selection and its filters are cleared.
    await waitFor(() => expect(filterInput('Name')).toHaveValue(''));
  });

  it('hides create, update and delete for read-only users', async () => {
    const user = userEvent.setup();
    renderTable({ readOnly: true }, { 'GET /api/filters': { json: [ACME] } });
    await user.click(await screen.findByRole('button', { name: 'Acme' }));
    expect(screen.queryByRole('button', { name: 'Save Filter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Acme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Acme' })).not.toBeInTheDocument();
  });

  it('puts filters beyond the window width in the overflow menu', async () => {
    const user = userEvent.setup();
    window.innerWidth = 1000; // 3 buttons, minus the screen's offset of 1
    const many = [1, 2, 3, 4].map((n) => saved(n, `F${n}`, [{ id: 'name', value: `f${n}` }]));
    renderTable({ savedFilterOffset: 1 }, { 'GET /api/filters': { json: many } });
    await screen.findByRole('button', { name: 'F1' });
    expect(screen.getByRole('button', { name: 'F2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'F3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More (2)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'F4' }));
    // The selected filter moves into the buttons.
    expect(await screen.findByRole('button', { name: 'F4' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(filterInput('Name')).toHaveValue('f4');
  });
});

describe('savedFilterSlots and splitSavedFilters', { timeout: 20_000 }, () => {
  it('gives 7/5/3/2/0 buttons above 1600/1200/900/600 px, minus the offset', () => {
    expect([1601, 1600, 1201, 1200, 901, 900, 601, 600].map((w) => savedFilterSlots(w))).toEqual([
      7, 5, 5, 3, 3, 2, 2, 0,
    ]);
    expect(savedFilterSlots(1300, 2)).toBe(3);
    expect(savedFilterSlots(700, 5)).toBe(0);
  });

  it('moves the selected filter into the last button', () => {
    const filters = [1, 2, 3, 4].map((n) => saved(n, `F${n}`, []));
    const { buttons, menu } = splitSavedFilters(filters, 2, 4);
    expect(buttons.map((f) => f.id)).toEqual([1, 4]);
    expect(menu.map((f) => f.id)).toEqual([2, 3]);
    expect(splitSavedFilters(filters, 0, 4).buttons).toEqual([]);
  });
});
