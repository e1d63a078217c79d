// The address of a list opened with column filters (docs/product.md "Home page"): the list reads
// them from `?filters=` with the list protocol's encoding (useListState.ts).
import type { ColumnFilter } from '../../domain';

export function filteredListPath(path: string, filters: Readonly<Record<string, string>>): string {
  const list: ColumnFilter[] = Object.entries(filters).map(([id, value]) => ({ id, value }));
  return `${path}?${new URLSearchParams({ filters: JSON.stringify(list) }).toString()}`;
}
