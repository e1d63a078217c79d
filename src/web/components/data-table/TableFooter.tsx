import { memo } from 'react';
import { Group, Loader, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '../../../domain';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);
const count = new Intl.NumberFormat('en-US');

interface TableFooterProps {
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  totalIsEstimate: boolean;
  /** A refetch is under way while the current rows stay on screen. */
  refreshing: boolean;
  onPageSize(size: number): void;
  onPage(index: number): void;
}

/** Rows per page, which rows of how many are shown ('1–25 of about 10,001'), and the pages. */
export const TableFooter = memo(function TableFooter(props: TableFooterProps) {
  const { pageIndex, pageSize, total } = props;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Select
          size="xs"
          w={80}
          aria-label="Rows per page"
          data={PAGE_SIZE_OPTIONS}
          value={String(pageSize)}
          allowDeselect={false}
          // Mounted only while open: a hidden list is still measured and placed on every mount.
          comboboxProps={{ keepMounted: false }}
          onChange={(value) => value && props.onPageSize(Number(value))}
        />
        <Text size="sm" c="dimmed" data-testid="table-total">
          {total === 0
            ? '0 rows'
            : `${count.format(first)}–${count.format(last)} of ${props.totalIsEstimate ? 'about ' : ''}${count.format(total)}`}
        </Text>
        {props.refreshing && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      <Pagination
        size="sm"
        total={props.pageCount}
        value={pageIndex + 1}
        onChange={(page) => props.onPage(page - 1)}
      />
    </Group>
  );
});
