import { UPGRADE_ITEM_LIST, upgradeItemSchema, type UpgradeItem } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { paths } from '../../../components/paths';
import { useParsedArray } from '../../../components/useParsedArray';
import { DataTable } from '../../../components/data-table';
import type { PackageOrgTabProps } from './PackageVersionsTab';

/** The upgrade requests pushed through this packaging org, each opening its request. */
export function PackageUpgradesTab({ orgId, readOnly, username }: PackageOrgTabProps) {
  const items = useParsedArray(
    [...queryKeys.upgradeItems, { packageOrgId: orgId }],
    '/api/upgradeitems',
    upgradeItemSchema,
    { packageOrgId: orgId },
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
