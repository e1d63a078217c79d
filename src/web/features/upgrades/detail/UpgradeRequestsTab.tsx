// Upgrade detail's Requests tab: one row per push request, its status as the domain words it
// ('Scheduling', 'Ineligible', 'Complete with N failure(s)'), a row opening the request.
import { UPGRADE_ITEM_LIST, type UpgradeItem } from '../../../../domain';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { StatusText } from '../shared/StatusText';
import { itemProgress } from '../shared/upgradeProgress';
import { useUpgradeItems } from '../shared/upgradeQueries';

interface UpgradeTabProps {
  upgradeId: number;
  readOnly: boolean;
  username: string | null;
}

export function UpgradeRequestsTab({ upgradeId, readOnly, username }: UpgradeTabProps) {
  const items = useUpgradeItems(upgradeId);
  return (
    <DataTable<UpgradeItem>
      name="upgrade requests"
      list={UPGRADE_ITEM_LIST}
      hiddenColumns={['upgrade_id']}
      source={{ mode: 'client', rows: items.data, loading: items.isPending, error: items.error }}
      rowHref={(item) => paths.upgradeItem(item.id)}
      cellHref={{ package_name: (item) => paths.package(item.package_id) }}
      renderCell={{
        status: (item) => {
          const progress = itemProgress(item);
          return <StatusText text={progress.message} tone={progress.tone} />;
        },
      }}
      readOnly={readOnly}
      username={username}
      exportName={`upgrade-${upgradeId}-requests`}
    />
  );
}

export type { UpgradeTabProps };
