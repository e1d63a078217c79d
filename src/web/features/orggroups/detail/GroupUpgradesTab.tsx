import { UPGRADE_LIST, upgradeEndpoints, type Upgrade } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import type { GroupTabProps } from './GroupMembersTab';

// Its own list key, so its sorts, filters and saved filters are not the Upgrades list's.
const GROUP_UPGRADE_LIST = { ...UPGRADE_LIST, key: 'GroupUpgradeCard' };

/** The upgrades scheduled for the group: few enough to filter and sort in the browser. */
export function GroupUpgradesTab({ groupId, readOnly, username }: GroupTabProps) {
  const upgrades = useEndpointQuery([...queryKeys.upgrades, { groupId }], upgradeEndpoints.list, {
    query: { groupId },
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
      rowHref={(upgrade) => paths.upgrade(upgrade.id)}
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-upgrades`}
    />
  );
}
