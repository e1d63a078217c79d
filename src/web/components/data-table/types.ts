// The DataTable's props: the one table every list and tab uses (docs/product.md
// "Common list behaviour").
import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ColumnFilter, ListDefinition, ListEndpointShape } from '../../../domain';

/** Rows the screen already has (small tables): filtered, sorted and paged in the browser. */
export interface ClientSource<Row> {
  readonly mode: 'client';
  readonly rows: readonly Row[] | undefined;
  readonly loading?: boolean;
  readonly error?: unknown;
}

/**
 * A server-paged list (big lists): the table sends page, page size, sorts and filters to the
 * list's endpoint (plus `params`, the list's scope such as `{ groupId: 7 }`) and shows the answer's
 * rows and total. Export downloads the endpoint's export with the same query and the visible
 * columns, streamed by the server. Both paths come from the list's description.
 */
export interface ServerSource {
  readonly mode: 'server';
  /** The list's description (orgEndpoints.list, upgradeEndpoints.jobs…), with its export beside it. */
  readonly endpoint: ListEndpointShape;
  /** The values of the path's parameters (a group's id for its members). */
  readonly pathParams?: Readonly<Record<string, string | number>>;
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** The cache key root the live channel invalidates (queryKeys.orgs …); the request is appended. */
  readonly queryKey: QueryKey;
}

export interface DataTableProps<Row extends object> {
  /** Columns, list key (local storage and saved filters), default sort and row key. */
  readonly list: ListDefinition;
  readonly source: ClientSource<Row> | ServerSource;
  /** Column ids to leave out (e.g. the Package column on a package's own tab). */
  readonly hiddenColumns?: readonly string[];
  /** How a cell shows its value; the default shows the text (dates formatted by column kind). */
  readonly renderCell?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Where a click on a cell leads, per column; without one the row's `rowHref` applies. */
  readonly cellHref?: Partial<Record<string, (row: Row) => string | null>>;
  /** Where a click on the row leads (its cells become links). */
  readonly rowHref?: (row: Row) => string | null;
  /** A click on a row that is not a link (e.g. re-connect an org). */
  readonly onRowClick?: (row: Row) => void;
  /** Rows can be selected (checkboxes, the 'N Selected' toggle). */
  readonly selectable?: boolean;
  /** When set with selectable, the selection is controlled by the screen (row keys). */
  readonly selection?: ReadonlySet<string>;
  readonly onSelectionChange?: (selection: Set<string>) => void;
  /** The signed-in user may not change anything: saved-filter create/update/delete are hidden. */
  readonly readOnly: boolean;
  /** Buttons and toggles shown in the table's toolbar, before 'N Selected' and Export. */
  readonly toolbar?: ReactNode;
  /** Told the column filters in force (the valid ones) whenever they change; none until told. */
  readonly onFiltersApplied?: (filters: readonly ColumnFilter[]) => void;
  /** Show the saved-filter bar (default true). */
  readonly savedFilters?: boolean;
  /**
   * Buttons fewer in the saved-filter bar on this screen (docs/product.md "Common list behaviour").
   */
  readonly savedFilterOffset?: number;
  /** File name of the export, without extension (default: the list key). */
  readonly exportName?: string;
  /** Accessible name and test id suffix of the table, e.g. 'orgs'. */
  readonly name: string;
  /** The signed-in user's username, what #ME stands for in filters (without one #ME is an error). */
  readonly username?: string | null;
}
