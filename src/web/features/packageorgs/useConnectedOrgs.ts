import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { connectedOrgSchema, type ConnectedOrg } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

const connectedOrgsSchema = z.array(connectedOrgSchema);

/** Every connected org: a handful, so the list is filtered and sorted in the browser. */
export function useConnectedOrgs() {
  return useQuery({
    queryKey: queryKeys.packageOrgs,
    queryFn: async ({ signal }): Promise<ConnectedOrg[]> =>
      connectedOrgsSchema.parse(await api.get<unknown>('/api/packageorgs', { signal })),
  });
}
