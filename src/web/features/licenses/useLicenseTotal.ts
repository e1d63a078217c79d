// How many licenses there are, for the title. The table counts what its filters match; the title
// says how big the whole list is. The smallest page is asked for, and above the server's exact
// count limit the total is the planner's estimate, so this stays cheap at a million licenses.
import { useQuery } from '@tanstack/react-query';
import { licenseSchema, listPageSchema, PAGE_SIZES } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

const pageSchema = listPageSchema(licenseSchema);

export function useLicenseTotal() {
  return useQuery({
    // Under the licenses root, so the 'licenses' live event refreshes the count with the rows.
    queryKey: [...queryKeys.licenses, 'total'],
    queryFn: async ({ signal }) => {
      const answer = await api.get<unknown>('/api/licenses', {
        query: { page: 1, pageSize: PAGE_SIZES[0] },
        signal,
      });
      const { total, total_is_estimate } = pageSchema.parse(answer);
      return { total, estimate: total_is_estimate };
    },
  });
}
