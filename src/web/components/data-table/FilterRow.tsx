// The header row of column filters. Memoised: a list's first visit renders the table several
// times as its rows, total and the signed-in user arrive, and a dozen filter inputs re-rendering
// each time were most of that work (bench/browser.ts). They depend only on what is passed here.
import { memo } from 'react';
import { Table } from '@mantine/core';
import type { ColumnFilter, ListColumn } from '../../../domain';
import { FilterInput } from './FilterInput';
import { withColumnFilter } from './filterState';

interface FilterRowProps {
  readonly columns: readonly ListColumn[];
  readonly filters: readonly ColumnFilter[];
  /** The list state's setter (stable): an updater, as two inputs' debounces can land together. */
  readonly setFilters: (change: (previous: readonly ColumnFilter[]) => ColumnFilter[]) => void;
  readonly username: string | null | undefined;
  /** A cell before the filters, under the selection column's header. */
  readonly selectable: boolean;
}

export const FilterRow = memo(function FilterRow({
  columns,
  filters,
  setFilters,
  username,
  selectable,
}: FilterRowProps) {
  return (
    <Table.Tr>
      {selectable && <Table.Th />}
      {columns.map((column) => (
        <Table.Th key={column.id} fw={400} style={{ verticalAlign: 'top' }}>
          <FilterInput
            column={column}
            value={filters.find((filter) => filter.id === column.id)?.value ?? ''}
            onChange={(value) =>
              setFilters((previous) => withColumnFilter(previous, column.id, value))
            }
            username={username}
          />
        </Table.Th>
      ))}
    </Table.Tr>
  );
});
