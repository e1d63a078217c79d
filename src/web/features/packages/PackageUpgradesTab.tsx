// Package detail's Upgrades tab: the upgrade requests that pushed a version of this package. A row
// opens its request; the Upgrade column opens the whole upgrade.
import { UPGRADE_ITEM_LIST, upgradeRequestEndpoints, type UpgradeItem } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { DataTable } from '../../components/data-table';
import { useTableAccess } from '../../app/current-user/useTableAccess';
import { paths } from '../../components/paths';

/**
 * The package's own key, as the console Pushboard replaces had: filters and sorts typed here are
 * not the ones of an upgrade's Requests tab, which shows the same columns.
 */
const PACKAGE_UPGRADE_ITEM_LIST = { ...UPGRADE_ITEM_LIST, key: 'PackageUpgradeItemCard' };

const cellHref = { upgrade_id: (row: UpgradeItem) => paths.upgrade(row.upgrade_id) };

export function PackageUpgradesTab({ packageId }: { packageId: string }) {
  const access = useTableAccess();
  const items = useEndpointQuery(
    [...queryKeys.upgradeItems, { packageId }],
    upgradeRequestEndpoints.list,
    { query: { packageId } },
  );
  return (
    <DataTable<UpgradeItem>
      name="package-upgrades"
      list={PACKAGE_UPGRADE_ITEM_LIST}
      source={{ mode: 'client', rows: items.data, loading: items.isPending, error: items.error }}
      {...access}
      rowHref={(row) => paths.upgradeItem(row.id)}
      cellHref={cellHref}
    />
  );
}
