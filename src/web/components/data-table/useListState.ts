// A list's remembered state (docs/product.md "Constants and limits"): page size, sorts, column
// filters and the selected saved filter live in localStorage per list, so an operator comes back to
// the list as they left it. The page index is not remembered and goes back to the first page
// whenever the rows it counted in change (filters, sorts, page size).
import { useCallback, useState } from 'react';
import { z } from 'zod';
import {
  columnFiltersSchema,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type ColumnFilter,
  type SortKey,
} from '../../../domain';

const sortSchema = z.array(z.object({ id: z.string(), desc: z.boolean() })).max(5);
const pageSizeSchema = z
  .number()
  .refine((size) => (PAGE_SIZES as readonly number[]).includes(size));
const savedFilterIdSchema = z.number().int().nullable();

/** The localStorage key of one remembered piece of a list. */
export function storageKey(listKey: string, piece: string): string {
  return `pushboard:list:${listKey}:${piece}`;
}

// Stored text may come from an older build, another tab or a hand edit: anything that is not
// valid JSON of the expected shape is ignored rather than breaking the list.
function read<T>(listKey: string, piece: string, schema: z.ZodType<T>): T | undefined {
  try {
    const text = localStorage.getItem(storageKey(listKey, piece));
    if (text === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function write(listKey: string, piece: string, value: unknown): void {
  try {
    localStorage.setItem(storageKey(listKey, piece), JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the list still works, it just forgets.
  }
}

export interface ListState {
  readonly pageIndex: number;
  readonly pageSize: number;
  /** The chosen sorts; null until the user chose one (the list's default sort applies). */
  readonly sort: readonly SortKey[] | null;
  readonly filters: readonly ColumnFilter[];
  readonly savedFilterId: number | null;
}

/**
 * The column filters the page's address carries (`?filters=[{"id":…,"value":…}]`, the list
 * protocol's own encoding), which a link from the home page opens a list with
 * (docs/product.md "Home page"); undefined when it carries none or they do not parse. A filter on a
 * column the list lacks is ignored like any other (filterState.ts).
 */
export function filtersInAddress(search: string): ColumnFilter[] | undefined {
  const text = new URLSearchParams(search).get('filters');
  if (text === null) return undefined;
  try {
    const parsed = columnFiltersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The remembered state of the list `listKey`, on the first page; filters in the address win. */
export function readListState(listKey: string): ListState {
  const addressed =
    typeof window === 'undefined' ? undefined : filtersInAddress(window.location.search);
  return {
    pageIndex: 0,
    pageSize: read(listKey, 'pageSize', pageSizeSchema) ?? DEFAULT_PAGE_SIZE,
    sort: read(listKey, 'sort', sortSchema) ?? null,
    filters: addressed ?? read(listKey, 'filters', columnFiltersSchema) ?? [],
    // A saved filter would stand for other filters than the address's.
    savedFilterId: addressed ? null : (read(listKey, 'savedFilter', savedFilterIdSchema) ?? null),
  };
}

/** The remembered state of the list `listKey` and its setters (each also saves). */
export function useListState(listKey: string) {
  // Read once: the DataTable is keyed by the list key, so another list mounts afresh.
  const [state, setState] = useState(() => readListState(listKey));

  const update = useCallback(
    (change: Partial<ListState>) => setState((previous) => ({ ...previous, ...change })),
    [],
  );

  const setPageIndex = useCallback((pageIndex: number) => update({ pageIndex }), [update]);
  const setPageSize = useCallback(
    (pageSize: number) => {
      write(listKey, 'pageSize', pageSize);
      update({ pageSize, pageIndex: 0 });
    },
    [listKey, update],
  );
  const setSort = useCallback(
    (sort: readonly SortKey[]) => {
      write(listKey, 'sort', sort);
      update({ sort, pageIndex: 0 });
    },
    [listKey, update],
  );
  // An updater, because two columns' debounced filters can land in the same render.
  const setFilters = useCallback(
    (change: readonly ColumnFilter[] | ((previous: readonly ColumnFilter[]) => ColumnFilter[])) =>
      setState((previous) => {
        const filters = typeof change === 'function' ? change(previous.filters) : change;
        write(listKey, 'filters', filters);
        return { ...previous, filters, pageIndex: 0 };
      }),
    [listKey],
  );
  const setSavedFilterId = useCallback(
    (savedFilterId: number | null) => {
      write(listKey, 'savedFilter', savedFilterId);
      update({ savedFilterId });
    },
    [listKey, update],
  );

  return { state, setPageIndex, setPageSize, setSort, setFilters, setSavedFilterId };
}
