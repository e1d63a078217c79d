import { connectedOrgEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';

/** Every connected org: a handful, so the list is filtered and sorted in the browser. */
export function useConnectedOrgs() {
  return useEndpointQuery(queryKeys.packageOrgs, connectedOrgEndpoints.list);
}
