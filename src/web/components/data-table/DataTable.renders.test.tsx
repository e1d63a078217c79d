// What a list's first visit renders: the rows and the total arrive after the table's first render,
// and re-rendering every column's filter input (a dozen Mantine inputs) each time was most of the
// work before the first row showed in Chromium (bench/browser.ts).
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type * as FilterInputModule from './FilterInput';
import {
  columnValues,
  filterInput,
  renderTable,
  THING_ENDPOINT,
  THING_LIST,
  THINGS,
} from './dataTableFixtures';

const renders = vi.hoisted(() => ({ filterInputs: 0 }));

// The real input, counted: the wrapper is the component, so the input's hooks run as they would.
vi.mock('./FilterInput', async (importOriginal) => {
  const actual = await importOriginal<typeof FilterInputModule>();
  return {
    ...actual,
    FilterInput: (props: ComponentProps<typeof actual.FilterInput>) => {
      renders.filterInputs += 1;
      return actual.FilterInput(props);
    },
  };
});

const SOURCE = { mode: 'server' as const, endpoint: THING_ENDPOINT, queryKey: ['things'] };
const PAGE = { json: { rows: THINGS.slice(0, 2), total: 2, total_is_estimate: false } };

describe('DataTable renders', { timeout: 20_000 }, () => {
  it('renders the filter inputs once while the rows and the total arrive', async () => {
    renders.filterInputs = 0;
    renderTable({ source: SOURCE }, { 'GET /api/things': PAGE });
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
    expect(renders.filterInputs).toBe(THING_LIST.columns.length);
  });

  it('tells the screen of applied filters only when they change', async () => {
    const user = userEvent.setup();
    const onFiltersApplied = vi.fn();
    renderTable(
      { source: SOURCE, savedFilters: false, onFiltersApplied },
      { 'GET /api/things': PAGE },
    );
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
    // None are in force, as the screen already assumes: telling it would re-render it for nothing.
    expect(onFiltersApplied).not.toHaveBeenCalled();

    await user.type(filterInput('Version'), '> 1.2');
    await waitFor(() =>
      expect(onFiltersApplied).toHaveBeenLastCalledWith([{ id: 'version', value: '> 1.2' }]),
    );
    const calls = onFiltersApplied.mock.calls.length;
    await user.clear(filterInput('Version'));
    await waitFor(() => expect(onFiltersApplied).toHaveBeenLastCalledWith([]));
    expect(onFiltersApplied).toHaveBeenCalledTimes(calls + 1);
  });
});
