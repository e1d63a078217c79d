// What a list's columns are, once for server and web: the id (also the row field and the saved
// filters' column id), the header label, the filter kind and whether it sorts.
import type { ColumnKind, FilterColumn } from '../filter/columns';
import type { SortKey } from './list-query';

export interface ListColumn extends FilterColumn {
  readonly label: string;
  readonly kind: ColumnKind;
  /** Whether the column can be sorted (default true). */
  readonly sortable?: boolean;
}

export interface ListDefinition {
  /** The list identifier: saved filters and the browser's remembered state are kept under it. */
  readonly key: string;
  readonly columns: readonly ListColumn[];
  /** The order when the user chose none. */
  readonly defaultSort: readonly SortKey[];
  /** The row field that identifies a row (selection, links). */
  readonly rowKey: string;
}

/** A column definition with the common defaults. */
export function column(
  id: string,
  label: string,
  kind: ColumnKind = 'text',
  extra: Partial<Omit<ListColumn, 'id' | 'label' | 'kind'>> = {},
): ListColumn {
  return { id, label, kind, ...extra };
}

/** Whether a list can be sorted by a column id. */
export function isSortable(list: ListDefinition, id: string): boolean {
  const found = list.columns.find((c) => c.id === id);
  return found !== undefined && found.sortable !== false;
}
