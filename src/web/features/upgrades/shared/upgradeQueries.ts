// The upgrade screens' reads, under the query keys the live channel invalidates ('upgrade',
// 'upgrade-items', 'upgrade-jobs'), so every screen follows the engine without polling.
import {
  upgradeDetailSchema,
  upgradeItemDetailSchema,
  upgradeItemSchema,
  upgradeSchema,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useParsedArray } from '../../../components/useParsedArray';
import { useParsedRecord } from '../../../components/useParsedRecord';

export function useUpgradeDetail(upgradeId: string) {
  return useParsedRecord(upgradeDetailSchema, {
    queryKey: [...queryKeys.upgrade, upgradeId],
    path: `/api/upgrades/${encodeURIComponent(upgradeId)}`,
    // Spec §8 "Failed Request": on an upgrade, a click goes back to the Upgrades list.
    backTo: '/upgrades',
  });
}

export function useUpgradeItemDetail(itemId: string) {
  return useParsedRecord(upgradeItemDetailSchema, {
    queryKey: [...queryKeys.upgradeItem, itemId],
    path: `/api/upgradeitems/${encodeURIComponent(itemId)}`,
    backTo: '/upgrades',
  });
}

/** The requests of one upgrade. */
export function useUpgradeItems(upgradeId: number) {
  return useParsedArray(
    [...queryKeys.upgradeItems, { upgradeId }],
    '/api/upgradeitems',
    upgradeItemSchema,
    { upgradeId },
  );
}

/** Every upgrade (few enough for the browser to filter and sort). */
export function useUpgrades() {
  return useParsedArray([...queryKeys.upgrades, 'all'], '/api/upgrades', upgradeSchema);
}
