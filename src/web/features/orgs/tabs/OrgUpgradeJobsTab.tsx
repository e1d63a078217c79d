// Org detail's Upgrade Jobs tab: every push job that ran (or will run) against the org.
import {
  formatDuration,
  ORG_JOB_LIST,
  upgradeJobSchema,
  type UpgradeJob,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { maybe, packagePath, packageVersionPath, upgradePath } from '../orgLinks';
import { useParsedArray } from '../useParsedArray';
import { JobStatusCell } from './JobStatusCell';
import type { OrgTabProps } from './orgTabProps';

export function OrgUpgradeJobsTab({ orgId, readOnly, username }: OrgTabProps) {
  const jobs = useParsedArray(
    // Under upgradeJobs so the 'upgrade-jobs' event reloads it.
    [...queryKeys.upgradeJobs, { orgId }],
    '/api/upgradejobs',
    upgradeJobSchema,
    { orgId },
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
        upgrade_id: (job) => upgradePath(job.upgrade_id),
        package_name: (job) => maybe(packagePath, job.package_id),
        original_version_number: (job) => maybe(packageVersionPath, job.original_version_id),
        current_version_number: (job) => maybe(packageVersionPath, job.current_version_id),
        version_number: (job) => packageVersionPath(job.version_id),
      }}
      renderCell={{
        duration: (job) => formatDuration(job.duration),
        status: (job) => <JobStatusCell job={job} />,
      }}
    />
  );
}
