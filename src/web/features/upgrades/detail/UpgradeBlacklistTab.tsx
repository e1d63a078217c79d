// Upgrade detail's Blacklist tab: the orgs the scheduler left out of this upgrade and why
// (blacklisted, license not upgradeable, already current…), paged by the server.
import {
  upgradeEndpoints,
  UPGRADE_BLACKLIST_LIST,
  type UpgradeBlacklistRow,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import type { UpgradeTabProps } from './UpgradeRequestsTab';

export function UpgradeBlacklistTab({ upgradeId, readOnly, username }: UpgradeTabProps) {
  return (
    <DataTable<UpgradeBlacklistRow>
      name="upgrade blacklist"
      list={UPGRADE_BLACKLIST_LIST}
      source={{
        mode: 'server',
        endpoint: upgradeEndpoints.blacklist,
        pathParams: { id: upgradeId },
        queryKey: [...queryKeys.upgrade, upgradeId, 'blacklist'],
      }}
      rowHref={(row) => paths.org(row.org_id)}
      readOnly={readOnly}
      username={username}
      exportName={`upgrade-${upgradeId}-blacklist`}
    />
  );
}
