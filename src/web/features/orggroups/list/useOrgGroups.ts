import { orgGroupSchema } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useParsedArray } from '../../../components/useParsedArray';
import type { OrgGroupTypeFilter } from './useGroupTypeFilter';

/** The groups of one type, or all of them ('All' sends no type). */
export function useOrgGroups(type: OrgGroupTypeFilter) {
  return useParsedArray([...queryKeys.orgGroups, { type }], '/api/orggroups', orgGroupSchema, {
    type: type === 'All' ? undefined : type,
  });
}
