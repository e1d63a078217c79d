import { connectedOrgSchema } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useParsedArray } from '../../../components/useParsedArray';

/** Every connected org: a handful, so the list is filtered and sorted in the browser. */
export function useConnectedOrgs() {
  return useParsedArray(queryKeys.packageOrgs, '/api/packageorgs', connectedOrgSchema);
}
