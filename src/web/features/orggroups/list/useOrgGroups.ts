import { orgGroupEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import type { OrgGroupTypeFilter } from './useGroupTypeFilter';

/** The groups of one type, or all of them ('All' sends no type). */
export function useOrgGroups(type: OrgGroupTypeFilter) {
  return useEndpointQuery([...queryKeys.orgGroups, { type }], orgGroupEndpoints.list, {
    query: { type: type === 'All' ? undefined : type },
  });
}
