// Org detail's Upgrade Jobs tab: every push job that ran (or will run) against the org.
import {
  formatDuration,
  ORG_JOB_LIST,
  upgradeJobEndpoints,
  type UpgradeJob,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { JobStatusCell } from '../../upgrades';
import type { OrgTabProps } from './orgTabProps';

export function OrgUpgradeJobsTab({ orgId, readOnly, username }: OrgTabProps) {
  const jobs = useEndpointQuery(
    // Under upgradeJobs so the 'upgrade-jobs' event reloads it.
    [...queryKeys.upgradeJobs, { orgId }],
    upgradeJobEndpoints.list,
    { query: { orgId } },
  );
  return (
    <DataTable<UpgradeJob>
      name="org upgrade jobs"
      list={ORG_JOB_LIST}
      source={{ mode: 'client', rows: jobs.data, loading: jobs.isPending, error: jobs.error }}
      readOnly={readOnly}
      username={username}
      exportName={`UpgradeJobs-${orgId}`}
      cellHref={{
        upgrade_id: (job) => paths.upgrade(job.upgrade_id),
        package_name: (job) => paths.package(job.package_id),
        original_version_number: (job) => paths.packageVersion(job.original_version_id),
        current_version_number: (job) => paths.packageVersion(job.current_version_id),
        version_number: (job) => paths.packageVersion(job.version_id),
      }}
      renderCell={{
        duration: (job) => formatDuration(job.duration),
        status: (job) => <JobStatusCell job={job} />,
      }}
    />
  );
}
