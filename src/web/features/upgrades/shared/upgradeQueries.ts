// The upgrade screens' reads, under the query keys the live channel invalidates ('upgrade',
// 'upgrade-items', 'upgrade-jobs'), so every screen follows the engine without polling.
import { upgradeEndpoints, upgradeRequestEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { useRecord } from '../../../components/useRecord';

export function useUpgradeDetail(upgradeId: string) {
  return useRecord(
    upgradeEndpoints.get,
    { params: { id: upgradeId } },
    // The 'Failed Request' notice (docs/product.md "Notices"): on an upgrade, a click goes back to
    // the Upgrades list.
    { queryKey: [...queryKeys.upgrade, upgradeId], backTo: '/upgrades' },
  );
}

export function useUpgradeItemDetail(itemId: string) {
  return useRecord(
    upgradeRequestEndpoints.get,
    { params: { id: itemId } },
    { queryKey: [...queryKeys.upgradeItem, itemId], backTo: '/upgrades' },
  );
}

/** The requests of one upgrade. */
export function useUpgradeItems(upgradeId: number) {
  return useEndpointQuery(
    [...queryKeys.upgradeItems, { upgradeId }],
    upgradeRequestEndpoints.list,
    { query: { upgradeId } },
  );
}

/** Every upgrade (few enough for the browser to filter and sort). */
export function useUpgrades() {
  return useEndpointQuery([...queryKeys.upgrades, 'all'], upgradeEndpoints.list);
}
