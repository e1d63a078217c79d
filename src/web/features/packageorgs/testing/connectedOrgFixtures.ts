// Answers of the connected-org APIs as the server sends them, checked against the domain schemas.
import {
  connectedOrgSchema,
  packageVersionSchema,
  type ConnectedOrg,
  type PackageVersion,
  type UpgradeItem,
} from '../../../../domain';
import { parseUpgradeItem } from '../../../testing/fixtures';

export const PACKAGING_ORG_ID = '00D000000000010EAA';

export function makeConnectedOrg(overrides: Partial<ConnectedOrg> = {}): ConnectedOrg {
  return connectedOrgSchema.parse({
    org_id: PACKAGING_ORG_ID,
    name: 'Billing Packaging',
    description: 'Where Billing is built',
    type: 'Package',
    status: 'Connected',
    status_reason: null,
    instance_name: 'NA99',
    instance_url: 'https://billing-pkg.my.salesforce.com',
    namespace: 'bill',
    active: true,
    refreshed_date: '2025-03-04T10:00:00.000Z',
    ...overrides,
  });
}

export function makePackageVersion(overrides: Partial<PackageVersion> = {}): PackageVersion {
  return packageVersionSchema.parse({
    version_id: '04t000000000001AAA',
    sfid: 'a0V000000000001AAA',
    version_number: '1.5.0',
    version_sort: '0001.0005.0000',
    name: 'Spring',
    package_id: '033000000000001AAA',
    package_name: 'Billing',
    package_org_id: PACKAGING_ORG_ID,
    status: 'Verified',
    created_date: '2025-01-01T10:00:00.000Z',
    release_date: '2025-01-10T10:00:00.000Z',
    latest_version_number: '1.5.0',
    latest_version_id: '04t000000000001AAA',
    latest_version_sort: '0001.0005.0000',
    latest_limited_version_id: null,
    latest_limited_version_sort: null,
    dependency_tier: 1,
    customer_count: 42,
    ...overrides,
  });
}

export function makeUpgradeItem(overrides: Partial<UpgradeItem> = {}): UpgradeItem {
  return parseUpgradeItem({
    id: 55,
    upgrade_id: 31,
    description: 'Billing 1.5 for pilots',
    scheduled_start_time: '2025-03-03T10:00:00.000Z',
    package_name: 'Billing',
    package_id: '033000000000001AAA',
    package_org_id: PACKAGING_ORG_ID,
    version_number: '1.5.0',
    version_id: '04t000000000001AAA',
    job_count: 40,
    total_job_count: 40,
    start_time: null,
    end_time: null,
    duration: null,
    status: 'Created',
    created_by: 'ada@example.com',
    activated_by: null,
    activated_date: null,
    eligible_job_count: 40,
    failed_job_count: 0,
    invalid_job_count: 0,
    canceled_job_count: 0,
    pending_job_count: 0,
    inprogress_job_count: 0,
    succeeded_job_count: 0,
    created_job_count: 40,
    ...overrides,
  });
}
