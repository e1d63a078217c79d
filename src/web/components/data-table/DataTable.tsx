// The one table every list and tab uses (docs/product.md "Common list behaviour"): TanStack Table
// for columns and sort state, Mantine for the widgets. Client mode filters, sorts and pages the
// screen's rows in the browser; server mode sends the same request to the list's endpoint.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { type ListColumn, type ListRequest, type SavedFilter, type SortKey } from '../../../domain';
import { browserTimeZone, cellText, rowValue } from './cellText';
import classes from './DataTable.module.css';
import { FilterRow } from './FilterRow';
import { pageRequest } from './prefetchServerList';
import { filterContext, validFilters } from './filterState';
import { SavedFilterBar } from './SavedFilterBar';
import { SortableHeader } from './SortableHeader';
import { TableFooter } from './TableFooter';
import type { DataTableProps } from './types';
import { filterAndSortRows, useClientRows } from './useClientRows';
import { useListState } from './useListState';
import { useSelection } from './useSelection';
import { useServerRows } from './useServerRows';
import { useListExport } from './useListExport';

const count = new Intl.NumberFormat('en-US');

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The table. Keyed by the list so switching lists reads that list's remembered state. */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  return <ListTable key={props.list.key} {...props} />;
}

function ListTable<Row extends object>({
  list,
  source,
  hiddenColumns,
  renderCell,
  cellHref,
  rowHref,
  onRowClick,
  selectable = false,
  selection: controlledSelection,
  onSelectionChange,
  readOnly,
  toolbar,
  onFiltersApplied,
  savedFilters = true,
  savedFilterOffset = 0,
  exportName,
  name,
  username,
}: DataTableProps<Row>) {
  const timeZone = useMemo(browserTimeZone, []);
  const navigate = useNavigate();
  const listState = useListState(list.key);
  const { state } = listState;
  const sort: readonly SortKey[] = state.sort ?? list.defaultSort;
  const columns = useMemo(
    () => list.columns.filter((column) => !hiddenColumns?.includes(column.id)),
    [list.columns, hiddenColumns],
  );
  const keyOf = (row: Row) => String(rowValue(row, { id: list.rowKey }));

  // Filters that do not compile stay in their inputs (with the error) but are not applied.
  const applied = useMemo(
    () => validFilters(state.filters, list.columns, filterContext(username)),
    [state.filters, list.columns, username],
  );

  // Told only of a change: recompiling the same filters (the user arriving, for #ME) or the
  // first render's none would re-render the whole screen for nothing.
  const reportedFilters = useRef('[]');
  useEffect(() => {
    const key = JSON.stringify(applied);
    if (key === reportedFilters.current) return;
    reportedFilters.current = key;
    onFiltersApplied?.(applied);
  }, [applied, onFiltersApplied]);

  const { selection, rowsByKey, setSelected } = useSelection<Row>(
    controlledSelection,
    onSelectionChange,
  );
  const [onlySelected, setOnlySelected] = useState(false);
  // The toggle turns itself off when the selection empties (docs/product.md
  // "Common list behaviour").
  const showingSelected = onlySelected && selectable && selection.size > 0;
  if (onlySelected && !showingSelected) setOnlySelected(false);

  const clientRows = source.mode === 'client' ? source.rows : undefined;
  const filteredClientRows = useClientRows(clientRows, applied, sort, list.columns, username);

  const request: ListRequest = pageRequest(list, state, applied);
  const server = useServerRows<Row>(source.mode === 'server' ? source : null, request, timeZone);

  // 'N Selected' shows the selected rows, still filtered and sorted, paged in the browser.
  const selectedRows = useMemo(() => {
    if (!showingSelected) return null;
    const known = new Map(rowsByKey);
    for (const row of clientRows ?? server.data?.rows ?? []) known.set(keyOf(row), row);
    const rows = [...selection].flatMap((key) => {
      const row = known.get(key);
      return row ? [row] : [];
    });
    return filterAndSortRows(rows, applied, sort, list.columns, username);
    // keyOf only reads list.rowKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showingSelected, rowsByKey, clientRows, server.data, selection, applied, sort, list]);

  const localRows = selectedRows ?? (source.mode === 'client' ? filteredClientRows : null);
  const total = localRows ? localRows.length : (server.data?.total ?? 0);
  const totalIsEstimate = localRows ? false : (server.data?.total_is_estimate ?? false);
  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  const pageIndex = Math.min(state.pageIndex, pageCount - 1);
  const totalKnown = localRows !== null || (server.data !== undefined && !server.isFetching);
  // Rows went away (a live refresh, a filter on the selection): stay on the last page there is.
  if (totalKnown && state.pageIndex > pageCount - 1) listState.setPageIndex(pageCount - 1);
  const pageRows = useMemo(
    () =>
      localRows
        ? localRows.slice(pageIndex * state.pageSize, (pageIndex + 1) * state.pageSize)
        : (server.data?.rows ?? []),
    [localRows, pageIndex, state.pageSize, server.data],
  );

  const loading =
    !selectedRows &&
    (source.mode === 'client'
      ? (source.loading ?? false) || (source.rows === undefined && !source.error)
      : server.isPending);
  const error = source.mode === 'client' ? source.error : server.error;

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.label,
        accessorFn: (row: Row) => rowValue(row, column),
        enableSorting: column.sortable !== false,
      })),
    [columns],
  );
  const sorting: SortingState = sort.map((key) => ({ id: key.id, desc: key.desc }));
  // eslint-disable-next-line react-hooks/incompatible-library -- the table object is used during this render only
  const table = useReactTable<Row>({
    data: pageRows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: keyOf,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: true,
    enableSortingRemoval: true,
    sortDescFirst: false,
    maxMultiSortColCount: 5,
    isMultiSortEvent: (event) => (event as MouseEvent).shiftKey,
    state: { sorting },
    onSortingChange: (updater) =>
      listState.setSort(typeof updater === 'function' ? updater(sorting) : updater),
  });

  const { exporting, exportRows } = useListExport({
    source,
    localRows,
    columns,
    request,
    timeZone,
    fileName: exportName ?? list.key,
  });

  // Stable, like the list state's setters, so the memoised bar does not re-render with the rows.
  const { setFilters, setSavedFilterId } = listState;
  const applySavedFilter = useCallback(
    (filter: SavedFilter | null) => {
      setFilters(filter ? filter.query : []);
      setSavedFilterId(filter ? filter.id : null);
    },
    [setFilters, setSavedFilterId],
  );

  const pageKeys = pageRows.map(keyOf);
  const selectedOnPage = pageKeys.filter((key) => selection.has(key)).length;
  const filtered = applied.length > 0 || showingSelected;
  const columnCount = columns.length + (selectable ? 1 : 0);

  const cellContent = (row: Row, column: ListColumn): ReactNode => {
    const custom = renderCell?.[column.id];
    const content = custom ? custom(row) : cellText(rowValue(row, column), column.kind, timeZone);
    const columnHref = cellHref?.[column.id];
    const href = columnHref ? columnHref(row) : (rowHref?.(row) ?? null);
    return href ? (
      <a className={classes.cellLink} href={href} data-cell-link="">
        {content}
      </a>
    ) : (
      content
    );
  };

  // The cells' links are plain anchors (DataTable.module.css); one handler for the whole body
  // follows them inside the app, as the router's Link would. A click with a modifier key (a new
  // tab or window) is the browser's.
  const followCellLink = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-cell-link]');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  };

  let body: ReactNode;
  if (loading || (error !== undefined && error !== null && pageRows.length === 0)) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          {loading ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          ) : null}
        </Table.Td>
      </Table.Tr>
    );
  } else if (pageRows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Text size="sm" c="dimmed" ta="center" py="md">
            {filtered ? 'No rows match the filters' : 'No rows'}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = table.getRowModel().rows.map((tableRow) => {
      const row = tableRow.original;
      const key = tableRow.id;
      const clickable = onRowClick !== undefined && !rowHref?.(row);
      return (
        <Table.Tr
          key={key}
          bg={selection.has(key) ? 'var(--mantine-primary-color-light)' : undefined}
          style={clickable ? { cursor: 'pointer' } : undefined}
          onClick={
            clickable
              ? (event) => {
                  // A tick or a link inside the row is its own action, not a row click.
                  if ((event.target as HTMLElement).closest('a, input, button, label')) return;
                  onRowClick(row);
                }
              : undefined
          }
        >
          {selectable && (
            <Table.Td w={36}>
              <Checkbox
                size="xs"
                aria-label={`Select row ${key}`}
                checked={selection.has(key)}
                onChange={(event) => setSelected([row], keyOf, event.currentTarget.checked)}
              />
            </Table.Td>
          )}
          {columns.map((column) => (
            // Table.Td's own element and class: hundreds of cells, one component each was costly.
            <td key={column.id} className={Table.classes.td}>
              {cellContent(row, column)}
            </td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Stack gap="xs" data-testid={`table-${name}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          {savedFilters && (
            <SavedFilterBar
              listKey={list.key}
              columns={list.columns}
              filters={state.filters}
              selectedId={state.savedFilterId}
              onSelect={applySavedFilter}
              onCreated={setSavedFilterId}
              readOnly={readOnly}
              offset={savedFilterOffset}
            />
          )}
        </div>
        <Group gap="xs">
          {toolbar}
          {selectable && (
            <Switch
              label={`${count.format(selection.size)} Selected`}
              checked={showingSelected}
              disabled={selection.size === 0}
              onChange={(event) => {
                setOnlySelected(event.currentTarget.checked);
                listState.setPageIndex(0);
              }}
            />
          )}
          <Button
            size="xs"
            variant="default"
            loading={exporting}
            disabled={exporting || loading}
            onClick={exportRows}
          >
            Export
          </Button>
        </Group>
      </Group>

      {error !== undefined && error !== null && (
        <Alert color="red" title="Failed Request">
          {errorMessage(error)}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={columns.length * 110}>
        <Table aria-label={name} highlightOnHover striped={false}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selectable && (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      aria-label="Select all rows on this page"
                      checked={pageKeys.length > 0 && selectedOnPage === pageKeys.length}
                      indeterminate={selectedOnPage > 0 && selectedOnPage < pageKeys.length}
                      disabled={pageKeys.length === 0}
                      onChange={(event) =>
                        setSelected(pageRows, keyOf, event.currentTarget.checked)
                      }
                    />
                  </Table.Th>
                )}
                {group.headers.map((header) => (
                  <SortableHeader key={header.id} header={header} sortCount={sorting.length} />
                ))}
              </Table.Tr>
            ))}
            <FilterRow
              columns={columns}
              filters={state.filters}
              setFilters={setFilters}
              username={username}
              selectable={selectable}
            />
          </Table.Thead>
          <Table.Tbody onClick={followCellLink}>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <TableFooter
        pageIndex={pageIndex}
        pageSize={state.pageSize}
        pageCount={pageCount}
        total={total}
        totalIsEstimate={totalIsEstimate}
        refreshing={source.mode === 'server' && server.isFetching && !loading}
        onPageSize={listState.setPageSize}
        onPage={listState.setPageIndex}
      />
    </Stack>
  );
}
