import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orgGroupSchema, type OrgGroup } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { OrgGroupTypeFilter } from './useGroupTypeFilter';

const orgGroupsSchema = z.array(orgGroupSchema);

/** The groups of one type, or all of them ('All' sends no type). */
export function useOrgGroups(type: OrgGroupTypeFilter) {
  return useQuery({
    queryKey: [...queryKeys.orgGroups, { type }],
    queryFn: async ({ signal }): Promise<OrgGroup[]> =>
      orgGroupsSchema.parse(
        await api.get<unknown>('/api/orggroups', {
          query: { type: type === 'All' ? undefined : type },
          signal,
        }),
      ),
  });
}
