// The push jobs of an upgrade, or of one of its requests (itemId), paged by the server (an
// upgrade can hold tens of thousands of jobs). A job with a message shows the red 'Error' chip.
import {
  upgradeEndpoints,
  formatDuration,
  UPGRADE_ITEM_JOB_LIST,
  UPGRADE_JOB_LIST,
  type UpgradeJob,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { JobStatusCell } from './JobStatusCell';

interface UpgradeJobsTableProps {
  upgradeId: number;
  /** Only the jobs of this request. */
  itemId?: number;
  readOnly: boolean;
  username: string | null;
}

export function UpgradeJobsTable({ upgradeId, itemId, readOnly, username }: UpgradeJobsTableProps) {
  return (
    <DataTable<UpgradeJob>
      name="upgrade jobs"
      list={itemId === undefined ? UPGRADE_JOB_LIST : UPGRADE_ITEM_JOB_LIST}
      // The message is read through the Error chip; the column stays filterable in the export.
      hiddenColumns={['message', ...(itemId === undefined ? [] : ['package_name'])]}
      source={{
        mode: 'server',
        endpoint: upgradeEndpoints.jobs,
        pathParams: { id: upgradeId },
        params: itemId === undefined ? undefined : { itemId },
        queryKey: [...queryKeys.upgradeJobs, upgradeId, itemId ?? 'all'],
      }}
      rowHref={(job) => paths.org(job.org_id)}
      cellHref={{
        package_name: (job) => paths.package(job.package_id),
        original_version_number: (job) => paths.packageVersion(job.original_version_id),
        current_version_number: (job) => paths.packageVersion(job.current_version_id),
        version_number: (job) => paths.packageVersion(job.version_id),
      }}
      renderCell={{
        duration: (job) => formatDuration(job.duration),
        status: (job) => <JobStatusCell job={job} />,
      }}
      readOnly={readOnly}
      username={username}
      exportName={itemId === undefined ? `upgrade-${upgradeId}-jobs` : `request-${itemId}-jobs`}
    />
  );
}
