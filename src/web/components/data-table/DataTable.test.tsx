import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  columnValues,
  filterInput,
  manyThings,
  renderTable,
  tableElement,
  THINGS,
  type Thing,
} from './dataTableFixtures';
import { storageKey } from './useListState';

describe('DataTable in client mode: filters', { timeout: 20_000 }, () => {
  it('filters with the language after the debounce: $acme is "starts with"', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false });
    expect(columnValues('ID')).toEqual(['t1', 't2', 't3', 't4', 't5']);

    await user.type(filterInput('Name'), '$acme');
    // Debounced: nothing changed yet right after typing.
    expect(columnValues('ID')).toHaveLength(5);
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't3']));
    // Remembered for the list.
    expect(JSON.parse(localStorage.getItem(storageKey('ThingList', 'filters')) ?? '')).toEqual([
      { id: 'name', value: '$acme' },
    ]);
  });

  it('!? finds empty values and > 1.2 compares versions segment by segment', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false });

    await user.type(filterInput('Version'), '!?');
    await waitFor(() => expect(columnValues('ID')).toEqual(['t4']));

    await user.clear(filterInput('Version'));
    await user.type(filterInput('Version'), '> 1.2');
    // 1.10 and 1.2.3 are after 1.2; 1.1 and 1.2 itself are not (and empty never compares).
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
  });

  it('shows the parse error and its position under the input at once, and keeps the rows', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false });

    await user.type(filterInput('Name'), 'acme && (');
    const input = filterInput('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const cell = input.closest('th') as HTMLElement;
    expect(within(cell).getByText(/ at 9$/)).toBeInTheDocument();
    expect(within(cell).getByTestId('filter-marker')).toHaveTextContent('acme && (▲');
    // A filter that does not compile is not applied.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(columnValues('ID')).toHaveLength(5);
  });

  it('says "No rows match the filters" when nothing matches, "No rows" when there are none', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable({ savedFilters: false });
    await user.type(filterInput('Name'), 'zzz');
    expect(await screen.findByText('No rows match the filters')).toBeInTheDocument();
    unmount();
    localStorage.clear();
    renderTable({ savedFilters: false, source: { mode: 'client', rows: [] } });
    expect(screen.getByText('No rows')).toBeInTheDocument();
  });

  it('opens the filter help on double-click and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false });
    expect(screen.queryByRole('dialog', { name: 'Filter help' })).not.toBeInTheDocument();

    await user.dblClick(filterInput('Name'));
    const help = await screen.findByRole('dialog', { name: 'Filter help' });
    expect(within(help).getByText('$acme')).toBeInTheDocument();
    expect(within(help).getByText('starts with "acme"')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Filter help' })).not.toBeInTheDocument(),
    );
  });
});

describe('DataTable in client mode: sorting and paging', { timeout: 20_000 }, () => {
  it('sorts by a header click, reverses on the second, and shift-click adds a column', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false });
    const header = (label: string) =>
      within(tableElement()).getByRole('button', { name: new RegExp(`^${label}`) });

    // Versions sort by value (1.10 after 1.2.3), empty values last.
    await user.click(header('Version'));
    expect(columnValues('ID')).toEqual(['t3', 't5', 't2', 't1', 't4']);
    await user.click(header('Version'));
    expect(columnValues('ID')).toEqual(['t1', 't2', 't5', 't3', 't4']);

    // Active (false first), then shift-click Count descending within each.
    await user.click(header('Active'));
    expect(columnValues('ID')).toEqual(['t2', 't4', 't1', 't3', 't5']);
    await user.keyboard('{Shift>}');
    await user.click(header('Count'));
    await user.click(header('Count'));
    await user.keyboard('{/Shift}');
    expect(columnValues('ID')).toEqual(['t2', 't4', 't3', 't1', 't5']);
    expect(JSON.parse(localStorage.getItem(storageKey('ThingList', 'sort')) ?? '')).toEqual([
      { id: 'active', desc: false },
      { id: 'count', desc: true },
    ]);
  });

  it('pages with the total, and remembers the page size for the list', async () => {
    const user = userEvent.setup();
    const rows = manyThings(30);
    const { unmount } = renderTable({ savedFilters: false, source: { mode: 'client', rows } });
    expect(columnValues('ID')).toHaveLength(25);
    expect(screen.getByTestId('table-total')).toHaveTextContent('1–25 of 30');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(columnValues('ID')).toEqual(['t26', 't27', 't28', 't29', 't30']);

    await user.click(screen.getByLabelText('Rows per page', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    // A new page size starts at the first page.
    expect(columnValues('ID')).toEqual(rows.slice(0, 10).map((row) => row.id));
    expect(screen.getByTestId('table-total')).toHaveTextContent('1–10 of 30');
    unmount();

    renderTable({ savedFilters: false, source: { mode: 'client', rows } });
    expect(columnValues('ID')).toHaveLength(10);
    expect(screen.getByLabelText('Rows per page', { selector: 'input' })).toHaveValue('10');
  });

  it('ignores remembered state that is not valid JSON', () => {
    localStorage.setItem(storageKey('ThingList', 'pageSize'), '{oops');
    localStorage.setItem(storageKey('ThingList', 'sort'), '"name"');
    renderTable({ savedFilters: false, source: { mode: 'client', rows: manyThings(30) } });
    expect(columnValues('ID')).toHaveLength(25);
  });

  it('goes back to the first page when a filter changes', async () => {
    const user = userEvent.setup();
    renderTable({ savedFilters: false, source: { mode: 'client', rows: manyThings(30) } });
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.type(filterInput('Name'), 'thing');
    await waitFor(() => expect(columnValues('ID')[0]).toBe('t01'));
  });
});

describe('DataTable: cells', { timeout: 20_000 }, () => {
  it('formats by kind, uses renderCell, and links cells', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderTable({
      savedFilters: false,
      renderCell: { count: (row: Thing) => <b>#{row.count}</b> },
      cellHref: { name: (row: Thing) => `/things/${row.id}` },
      onRowClick,
    });
    expect(columnValues('Active')).toEqual(['Yes', 'No', 'Yes', 'No', 'Yes']);
    expect(columnValues('Count')[0]).toBe('#10');
    expect(columnValues('Modified')[0]).toMatch(/^2024-05-01 \d\d:\d\d [ap]m$/);
    expect(screen.getByRole('link', { name: 'Globex' })).toHaveAttribute('href', '/things/t2');

    await user.click(screen.getByText('1.2.3'));
    expect(onRowClick).toHaveBeenCalledWith(THINGS[1]);
  });

  it('hides hidden columns and shows the loading and error states', () => {
    const { unmount } = renderTable({
      savedFilters: false,
      hiddenColumns: ['count'],
      source: { mode: 'client', rows: undefined, loading: true },
    });
    expect(screen.getByTestId('table-things')).toBeInTheDocument();
    expect(within(tableElement()).queryByText('Count')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    unmount();
    renderTable({
      savedFilters: false,
      source: { mode: 'client', rows: undefined, error: new Error('The server is down') },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down');
  });
});

describe('DataTable: selection', { timeout: 20_000 }, () => {
  it("'N Selected' shows only the selected rows and turns itself off when the selection empties", async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderTable({ savedFilters: false, selectable: true, onSelectionChange });
    const toggle = screen.getByRole('switch', { name: '0 Selected' });
    expect(toggle).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select row t2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row t4' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['t2', 't4']));
    await user.click(screen.getByRole('switch', { name: '2 Selected' }));
    expect(columnValues('ID')).toEqual(['t2', 't4']);

    await user.click(screen.getByRole('checkbox', { name: 'Select row t2' }));
    expect(columnValues('ID')).toEqual(['t4']);
    await user.click(screen.getByRole('checkbox', { name: 'Select row t4' }));
    // Empty selection: the toggle is off again and every row is back.
    expect(screen.getByRole('switch', { name: '0 Selected' })).not.toBeChecked();
    expect(columnValues('ID')).toHaveLength(5);
    await user.click(screen.getByRole('checkbox', { name: 'Select row t1' }));
    expect(screen.getByRole('switch', { name: '1 Selected' })).not.toBeChecked();
  });

  it('selects all rows of the page, and follows a controlled selection', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderTable({
      savedFilters: false,
      selectable: true,
      selection: new Set(['t3']),
      onSelectionChange,
    });
    expect(screen.getByRole('checkbox', { name: 'Select row t3' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '1 Selected' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['t1', 't2', 't3', 't4', 't5']));
  });
});

describe('DataTable: export', { timeout: 20_000 }, () => {
  it('downloads all filtered rows (not just the page) as TSV of the visible columns', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const rows = manyThings(30).map((row, i) =>
      i === 3 ? { ...row, name: 'Tab\there\nnewline' } : row,
    );
    renderTable({
      savedFilters: false,
      source: { mode: 'client', rows },
      hiddenColumns: ['modified', 'active', 'count'],
      exportName: 'things-export',
    });
    await user.type(filterInput('Version'), '!1.2');
    await waitFor(() => expect(screen.getByTestId('table-total')).toHaveTextContent('of 29'));

    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);
    expect(downloads).toEqual(['things-export.tsv']);
    const text = await blobs[0]?.text();
    const lines = text?.split('\n') ?? [];
    expect(lines[0]).toBe('ID\tName\tVersion');
    expect(lines[1]).toBe('t01\tThing 1\t1.0');
    expect(lines[3]).toBe('t04\tTab\\there\\nnewline\t1.3');
    expect(lines).toHaveLength(1 + 29 + 1); // header, 29 rows (1.2 left out), final newline
    expect(text).not.toContain('1.2\n');
    // The flag resets after a second.
    expect(button).toBeDisabled();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 2000 });
  });
});
