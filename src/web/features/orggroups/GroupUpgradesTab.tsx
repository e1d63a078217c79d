import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UPGRADE_LIST, upgradeSchema, type Upgrade } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import type { GroupTabProps } from './GroupMembersTab';

const upgradesSchema = z.array(upgradeSchema);

// Its own list key, so its sorts, filters and saved filters are not the Upgrades list's.
const GROUP_UPGRADE_LIST = { ...UPGRADE_LIST, key: 'GroupUpgradeCard' };

/** The upgrades scheduled for the group: few enough to filter and sort in the browser. */
export function GroupUpgradesTab({ groupId, readOnly, username }: GroupTabProps) {
  const upgrades = useQuery({
    queryKey: [...queryKeys.upgrades, { groupId }],
    queryFn: async ({ signal }) =>
      upgradesSchema.parse(await api.get<unknown>('/api/upgrades', { query: { groupId }, signal })),
  });
  return (
    <DataTable<Upgrade>
      name="group-upgrades"
      list={GROUP_UPGRADE_LIST}
      source={{
        mode: 'client',
        rows: upgrades.data,
        loading: upgrades.isPending,
        error: upgrades.error,
      }}
      rowHref={(upgrade) => `/upgrade/${upgrade.id}`}
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-upgrades`}
    />
  );
}
