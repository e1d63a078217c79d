// The saved filters of a list (docs/product.md "Saved filters"; /api/filters in docs/api.md
// "Saved filters, administration"). They are shared by all users and may have been saved by an
// older build against columns the list no longer has, so each one is checked against the list and a
// bad one is logged and left out (never breaks the bar).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  compileFilters,
  savedFilterEndpoints,
  savedFilterSchema,
  type ColumnFilter,
  type FilterColumn,
  type SavedFilter,
} from '../../../domain';
import { callEndpoint, requestEndpoint } from '../../api/endpoint-client';
import { filterContext } from './filterState';

/** The query key of a list's saved filters (invalidated after every change). */
export const savedFiltersKey = (listKey: string) => ['filters', listKey] as const;

/** The saved filters that fit the list; the others are reported on the console. */
export function usableSavedFilters(
  answer: unknown,
  listKey: string,
  columns: readonly FilterColumn[],
): SavedFilter[] {
  if (!Array.isArray(answer)) {
    console.warn(`Saved filters of ${listKey}: expected a list, got`, answer);
    return [];
  }
  const context = filterContext();
  return answer.flatMap((item: unknown) => {
    const parsed = savedFilterSchema.safeParse(item);
    if (!parsed.success) {
      console.warn(`Ignoring a malformed saved filter of ${listKey}:`, item, parsed.error.issues);
      return [];
    }
    try {
      compileFilters(parsed.data.query, columns, context);
    } catch (error) {
      console.warn(
        `Ignoring saved filter '${parsed.data.name}' of ${listKey}:`,
        error instanceof Error ? error.message : error,
      );
      return [];
    }
    return [parsed.data];
  });
}

function showFailure(error: Error) {
  notifications.show({
    color: 'red',
    title: 'Failed Request',
    message: error.message,
    autoClose: 10_000,
  });
}

export interface SaveFilterInput {
  readonly id?: number;
  readonly name: string;
  readonly query: readonly ColumnFilter[];
}

export function useSavedFilters(listKey: string, columns: readonly FilterColumn[], enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: savedFiltersKey(listKey),
    // Read unchecked: each saved filter is checked on its own, so one bad one does not hide the rest.
    queryFn: async ({ signal }) =>
      usableSavedFilters(
        await requestEndpoint(savedFilterEndpoints.list, { query: { key: listKey }, signal }),
        listKey,
        columns,
      ),
    enabled,
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: savedFiltersKey(listKey) });

  const save = useMutation({
    mutationFn: async ({ id, name, query: filters }: SaveFilterInput) => {
      const saved = await callEndpoint(savedFilterEndpoints.save, {
        body: { ...(id === undefined ? {} : { id }), key: listKey, name, query: [...filters] },
      });
      return saved.id;
    },
    onError: showFailure,
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(savedFilterEndpoints.delete, { params: { id } }),
    onError: showFailure,
    onSettled: invalidate,
  });

  return { filters: query.data ?? [], query, save, remove };
}
