// The packages Pushboard knows: a small list (one row per managed package), fetched whole and
// filtered in the browser.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { packageSchema } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

const packagesSchema = z.array(packageSchema);

export function usePackages() {
  return useQuery({
    queryKey: queryKeys.packages,
    queryFn: async ({ signal }) =>
      packagesSchema.parse(await api.get<unknown>('/api/packages', { signal })),
  });
}
