// What other features may use of the upgrades feature; everything else in this folder is
// internal (eslint.config.js enforces it). An org's and a group's Schedule Upgrade button opens
// this feature's schedule modal, and an org's Upgrade Jobs tab shows each push job's status the
// way the upgrade screens do.
export { ScheduleUpgradeModal } from './schedule/ScheduleUpgradeModal';
export { JobStatusCell } from './jobs/JobStatusCell';
// The home page shows each running upgrade's progress as its detail screen does.
export { UpgradeProgressBar } from './shared/UpgradeProgressBar';
