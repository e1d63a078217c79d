// Records as the server sends them, checked against the domain schemas so a fixture can never
// drift from the contract the screens parse with. Shared by the features' tests; a test changes
// what it asserts on through the overrides.
import {
  customerSchema,
  licenseSchema,
  packageSchema,
  packageVersionSchema,
  upgradeItemSchema,
  withRequestStatusName,
  type Customer,
  type License,
  type Package,
  type PackageVersion,
  type UpgradeItem,
} from '../../domain';
import type { CurrentUser } from '../app/current-user/useCurrentUser';

export const PACKAGE_ID = '0A3000000000001AAA';
export const VERSION_ID = '04t000000000001AAA';
export const LATEST_ID = '04t000000000009AAA';
export const LMA_ORG_ID = '00D000000000LMAEAA';
export const PACKAGE_ORG_ID = '00D000000000PKGEAA';
export const ORG_ID = '00D000000000001EAA';

/** The signed-in user as GET /oauth2/user answers: a full-access operator unless overridden. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    display_name: 'Ada Operator',
    username: 'ada@example.com',
    read_only: false,
    enforce_activation_policy: false,
    enable_sumo: false,
    auth_method: 'salesforce',
    ...overrides,
  };
}

/** A server-mode list's answer. */
export function listPage<T>(rows: T[], total = rows.length, estimate = false) {
  return { rows, total, total_is_estimate: estimate };
}

export function makeLicense(overrides: Partial<License> = {}): License {
  return licenseSchema.parse({
    sfid: 'a0L000000000001AAA',
    name: 'L-000001',
    account_name: 'Acme Corp',
    package_name: 'Pushboard Core',
    package_id: PACKAGE_ID,
    version_number: '1.2.0',
    version_id: VERSION_ID,
    version_name: 'Spring',
    status: 'Active',
    lma_org_name: 'Main LMA',
    lma_org_id: LMA_ORG_ID,
    modified_date: '2024-05-01T10:00:00.000Z',
    install_date: '2024-04-01T09:30:00.000Z',
    expiration: '2025-12-31',
    used_license_count: 42,
    org_id: ORG_ID,
    org_name: 'Acme Production',
    instance: 'NA42',
    ...overrides,
  });
}

export function makePackage(overrides: Partial<Package> = {}): Package {
  return packageSchema.parse({
    sfid: PACKAGE_ID,
    name: 'Pushboard Core',
    package_org_id: PACKAGE_ORG_ID,
    package_org_name: 'Core Packaging',
    package_id: '033000000000001AAA',
    dependency_tier: 1,
    status: 'Active',
    version_count: 2,
    latest_version_number: '1.3.0',
    latest_version_id: LATEST_ID,
    ...overrides,
  });
}

export function makeVersion(overrides: Partial<PackageVersion> = {}): PackageVersion {
  return packageVersionSchema.parse({
    version_id: VERSION_ID,
    sfid: 'a0V000000000001AAA',
    version_number: '1.2.0',
    version_sort: '0001.0002.0000',
    name: 'Spring',
    package_id: PACKAGE_ID,
    package_name: 'Pushboard Core',
    package_org_id: PACKAGE_ORG_ID,
    status: 'Verified',
    created_date: '2024-01-10T08:00:00.000Z',
    release_date: '2024-01-20T08:00:00.000Z',
    latest_version_number: '1.3.0',
    latest_version_id: LATEST_ID,
    latest_version_sort: '0001.0003.0000',
    latest_limited_version_id: null,
    latest_limited_version_sort: null,
    dependency_tier: 1,
    customer_count: 3,
    ...overrides,
  });
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return customerSchema.parse({
    org_id: ORG_ID,
    name: 'Acme Production',
    account_id: '001000000000001AAA',
    account_name: 'Acme Corp',
    instance: 'NA42',
    environment: 'Production',
    location: 'NA',
    release: 'Summer 24',
    edition: 'Enterprise Edition',
    groups: null,
    status: 'Installed',
    modified_date: '2024-05-01T10:00:00.000Z',
    type: 'Production',
    is_sandbox: false,
    parent_org_id: null,
    package_id: PACKAGE_ID,
    version_id: VERSION_ID,
    version_number: '1.2.0',
    license_status: 'Active',
    install_date: '2024-04-01T09:30:00.000Z',
    ...overrides,
  });
}

export function makeUpgradeItem(overrides: Partial<UpgradeItem> = {}): UpgradeItem {
  return parseUpgradeItem({
    id: 71,
    upgrade_id: 7,
    description: 'Spring rollout',
    scheduled_start_time: '2024-06-01T12:00:00.000Z',
    package_name: 'Pushboard Core',
    package_id: PACKAGE_ID,
    package_org_id: PACKAGE_ORG_ID,
    version_number: '1.3.0',
    version_id: LATEST_ID,
    job_count: 10,
    total_job_count: 10,
    start_time: null,
    end_time: null,
    duration: null,
    status: 'Created',
    created_by: 'ada@example.com',
    activated_by: null,
    activated_date: null,
    eligible_job_count: 10,
    failed_job_count: 0,
    invalid_job_count: 0,
    canceled_job_count: 0,
    pending_job_count: 0,
    inprogress_job_count: 0,
    succeeded_job_count: 0,
    created_job_count: 10,
    ...overrides,
  });
}

/** A request as the server sends it: its status name follows from its status and counts. */
export function parseUpgradeItem(item: Omit<UpgradeItem, 'status_name'>): UpgradeItem {
  return upgradeItemSchema.parse(withRequestStatusName(item));
}
