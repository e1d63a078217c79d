// TEMPORARY until the server's list definitions land in the domain: the upgrade's Jobs and
// Blacklist tabs' columns, with the contract's list keys.
import { column, JOB_STATUSES, type ListDefinition } from '../../../domain';

export const UPGRADE_JOB_LIST: ListDefinition = {
  key: 'UpgradeJobList',
  rowKey: 'id',
  columns: [
    column('org_id', 'Org ID'),
    column('org_name', 'Org Name'),
    column('instance', 'Instance'),
    column('environment', 'Environment'),
    column('location', 'Location'),
    column('account_name', 'Account'),
    column('package_name', 'Package'),
    column('original_version_number', 'Original', 'version'),
    column('current_version_number', 'Current', 'version'),
    column('version_number', 'Target', 'version'),
    column('start_time', 'Start', 'datetime'),
    column('end_time', 'End', 'datetime'),
    column('duration', 'Duration', 'number'),
    column('status', 'Status', 'enum', { values: JOB_STATUSES }),
    column('message', 'Message'),
  ],
  defaultSort: [{ id: 'org_id', desc: false }],
};

export const UPGRADE_BLACKLIST_LIST: ListDefinition = {
  key: 'UpgradeBlacklistList',
  rowKey: 'org_id',
  columns: [
    column('org_id', 'Org ID'),
    column('org_name', 'Org Name'),
    column('account_name', 'Account'),
    column('reason', 'Reason'),
  ],
  defaultSort: [{ id: 'org_id', desc: false }],
};
