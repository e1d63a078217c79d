// The domain's progress of an upgrade and of a request from the counts the server sends.
import {
  isJobStatus,
  progressFromCounts,
  requestProgress,
  type Progress,
  type RequestProgress,
  type UpgradeDetail,
  type UpgradeItem,
} from '../../../../domain';

export function upgradeProgress(upgrade: UpgradeDetail): Progress {
  return progressFromCounts({
    Created: upgrade.created_job_count,
    Pending: upgrade.pending_job_count,
    InProgress: upgrade.inprogress_job_count,
    Succeeded: upgrade.succeeded_job_count,
    Failed: upgrade.failed_job_count,
    Canceled: upgrade.canceled_job_count,
    Invalid: upgrade.invalid_job_count,
  });
}

/** A request's progress; a status the domain does not know reads as Created (nothing started). */
export function itemProgress(item: UpgradeItem): RequestProgress {
  return requestProgress({ ...item, status: isJobStatus(item.status) ? item.status : 'Created' });
}
