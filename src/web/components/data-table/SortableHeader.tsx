import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { flexRender, type Header } from '@tanstack/react-table';

interface SortableHeaderProps<Row> {
  header: Header<Row, unknown>;
  /** How many columns the list is sorted by: the position shows only when there are several. */
  sortCount: number;
}

/** A column header: click sorts, shift-click adds the column to the sort. */
export function SortableHeader<Row>({ header, sortCount }: SortableHeaderProps<Row>) {
  const direction = header.column.getIsSorted();
  const label = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <Table.Th
      aria-sort={
        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
      }
    >
      {header.column.getCanSort() ? (
        <UnstyledButton
          fw={700}
          fz="sm"
          onClick={header.column.getToggleSortingHandler()}
          title="Click to sort; shift-click to add to the sort"
        >
          <Group gap={4} wrap="nowrap">
            {label}
            {direction === 'asc' ? (
              <IconArrowUp size={14} aria-hidden />
            ) : direction === 'desc' ? (
              <IconArrowDown size={14} aria-hidden />
            ) : (
              <IconSelector size={14} aria-hidden opacity={0.4} />
            )}
            {direction && sortCount > 1 ? (
              <Text span size="xs" c="dimmed">
                {header.column.getSortIndex() + 1}
              </Text>
            ) : null}
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}
