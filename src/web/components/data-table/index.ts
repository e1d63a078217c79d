// The DataTable and the pieces screens may reuse (docs/product.md "Common list behaviour").
export { DataTable } from './DataTable';
export { EXPORT_FLAG_MS } from './useListExport';
export type { ClientSource, DataTableProps, ServerSource } from './types';
export { browserTimeZone, cellText, rowValue } from './cellText';
export { buildTsv, type TsvColumn } from './exportTsv';
export { FILTER_DEBOUNCE_MS } from './FilterInput';
export { prefetchServerList } from './prefetchServerList';
export { storageKey, useListState, type ListState } from './useListState';
export { savedFiltersKey } from './useSavedFilters';
export { sortRows } from './sortRows';
