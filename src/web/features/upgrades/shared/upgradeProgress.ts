// The domain's progress of an upgrade and of a request from the counts the server sends.
import {
  isJobStatus,
  progressOfUpgradeCounts,
  requestProgress,
  type Progress,
  type RequestProgress,
  type UpgradeDetail,
  type UpgradeItem,
} from '../../../../domain';

export function upgradeProgress(upgrade: UpgradeDetail): Progress {
  return progressOfUpgradeCounts(upgrade);
}

/** A request's progress; a status the domain does not know reads as Created (nothing started). */
export function itemProgress(item: UpgradeItem): RequestProgress {
  return requestProgress({ ...item, status: isJobStatus(item.status) ? item.status : 'Created' });
}
