import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UPGRADE_ITEM_LIST, upgradeItemSchema, type UpgradeItem } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import type { PackageOrgTabProps } from './PackageVersionsTab';

const itemsSchema = z.array(upgradeItemSchema);

/** The upgrade requests pushed through this packaging org, each opening its request. */
export function PackageUpgradesTab({ orgId, readOnly, username }: PackageOrgTabProps) {
  const items = useQuery({
    queryKey: [...queryKeys.upgradeItems, { packageOrgId: orgId }],
    queryFn: async ({ signal }) =>
      itemsSchema.parse(
        await api.get<unknown>('/api/upgradeitems', { query: { packageOrgId: orgId }, signal }),
      ),
  });
  return (
    <DataTable<UpgradeItem>
      name="packageorg-upgrades"
      list={UPGRADE_ITEM_LIST}
      source={{ mode: 'client', rows: items.data, loading: items.isPending, error: items.error }}
      rowHref={(item) => `/upgradeitem/${item.id}`}
      readOnly={readOnly}
      username={username}
      exportName={`${orgId}-package-upgrades`}
    />
  );
}
