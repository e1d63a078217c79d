// The packages Pushboard knows: a small list (one row per managed package), fetched whole and
// filtered in the browser.
import { packageEndpoints } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';

export function usePackages() {
  return useEndpointQuery(queryKeys.packages, packageEndpoints.list);
}
