import { UPGRADE_ITEM_LIST, upgradeRequestEndpoints, type UpgradeItem } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { DataTable } from '../../../components/data-table';
import type { PackageOrgTabProps } from './PackageVersionsTab';

/** The upgrade requests pushed through this packaging org, each opening its request. */
export function PackageUpgradesTab({ orgId, readOnly, username }: PackageOrgTabProps) {
  const items = useEndpointQuery(
    [...queryKeys.upgradeItems, { packageOrgId: orgId }],
    upgradeRequestEndpoints.list,
    { query: { packageOrgId: orgId } },
  );
  return (
    <DataTable<UpgradeItem>
      name="packageorg-upgrades"
      list={UPGRADE_ITEM_LIST}
      source={{ mode: 'client', rows: items.data, loading: items.isPending, error: items.error }}
      rowHref={(item) => paths.upgradeItem(item.id)}
      readOnly={readOnly}
      username={username}
      exportName={`${orgId}-package-upgrades`}
    />
  );
}
