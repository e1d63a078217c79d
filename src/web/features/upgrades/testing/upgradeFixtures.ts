// Upgrade records as the server sends them, checked against the contract's schemas.
import {
  upgradeDetailSchema,
  upgradeItemDetailSchema,
  upgradeJobSchema,
  upgradeSchema,
  withRequestStatusName,
  type Upgrade,
  type UpgradeDetail,
  type UpgradeItemDetail,
  type UpgradeJob,
} from '../../../../domain';
import {
  LATEST_ID,
  makeUpgradeItem,
  ORG_ID,
  PACKAGE_ID,
  VERSION_ID,
} from '../../../testing/fixtures';

export function makeUpgrade(overrides: Partial<Upgrade> = {}): Upgrade {
  return upgradeSchema.parse({
    id: 7,
    description: 'Spring rollout',
    status: 'Ready',
    item_status: 'Scheduled',
    total_job_count: 10,
    start_time: '2024-06-01T12:00:00.000Z',
    created_by: 'grace@example.com',
    activated_by: null,
    activated_date: null,
    comment: null,
    org_group_id: 3,
    parent_id: null,
    ...overrides,
  });
}

export function makeUpgradeDetail(overrides: Partial<UpgradeDetail> = {}): UpgradeDetail {
  return upgradeDetailSchema.parse({
    ...makeUpgrade(),
    eligible_job_count: 10,
    failed_job_count: 0,
    invalid_job_count: 0,
    canceled_job_count: 0,
    pending_job_count: 0,
    inprogress_job_count: 0,
    succeeded_job_count: 0,
    created_job_count: 10,
    message: null,
    ...overrides,
  });
}

export function makeItemDetail(overrides: Partial<UpgradeItemDetail> = {}): UpgradeItemDetail {
  return upgradeItemDetailSchema.parse(
    withRequestStatusName({
      ...makeUpgradeItem({ created_by: 'grace@example.com' }),
      push_request_id: '0DV000000000001AAA',
      message: null,
      ...overrides,
    }),
  );
}

export function makeJob(overrides: Partial<UpgradeJob> = {}): UpgradeJob {
  return upgradeJobSchema.parse({
    id: 701,
    upgrade_id: 7,
    item_id: 71,
    org_id: ORG_ID,
    org_name: 'Acme Production',
    instance: 'NA42',
    environment: 'Production',
    location: 'NA',
    account_name: 'Acme Corp',
    package_name: 'Pushboard Core',
    package_id: PACKAGE_ID,
    original_version_number: '1.2.0',
    original_version_id: VERSION_ID,
    current_version_number: '1.2.0',
    current_version_id: VERSION_ID,
    version_number: '1.3.0',
    version_id: LATEST_ID,
    start_time: null,
    end_time: null,
    duration: null,
    status: 'Created',
    message: null,
    modified_date: null,
    ...overrides,
  });
}
