// The failure cluster reads (docs/product.md "Failure clusters"), under the 'upgrade-jobs' query
// key: a job that fails announces 'upgrade-jobs' on the live channel, which refetches them.
import { upgradeEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';

/** The clusters of an upgrade, or of one of its requests. */
export function useFailureClusters(upgradeId: number, itemId?: number) {
  return useEndpointQuery(
    [...queryKeys.upgradeJobs, 'failure-clusters', upgradeId, itemId ?? null],
    upgradeEndpoints.failureClusters,
    { params: { id: upgradeId }, query: itemId === undefined ? {} : { itemId } },
  );
}
