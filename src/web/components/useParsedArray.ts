// The small arrays of the client-mode lists and tabs: fetched once per key and checked against
// the API contract, so a changed server shape fails loudly in the tab instead of drawing blanks.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type QueryParams } from '../api/client';

export function useParsedArray<Schema extends z.ZodType>(
  queryKey: QueryKey,
  path: string,
  schema: Schema,
  query?: QueryParams,
) {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<z.output<Schema>[]> =>
      z.array(schema).parse(await api.get<unknown>(path, { query, signal })),
  });
}
