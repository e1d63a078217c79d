// The upgrade's rollout, under the upgrade's query key so the live channel's 'upgrade' and
// 'upgrade-jobs' events refetch it with the rest of Upgrade detail (src/web/api/live.ts).
import { rolloutEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';

export function useRollout(upgradeId: number) {
  return useEndpointQuery(
    [...queryKeys.upgrade, String(upgradeId), 'rollout'],
    rolloutEndpoints.get,
    {
      params: { id: upgradeId },
    },
  );
}
