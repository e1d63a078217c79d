// Answers of the org APIs as the server sends them (typed by the contract's schemas), for this
// feature's tests.
import type { z } from 'zod';
import type {
  installedVersionSchema,
  licenseSchema,
  orgDetailSchema,
  orgGroupSchema,
  orgSchema,
  upgradeJobSchema,
} from '../../../../domain';

export const ORG_ID = '00D000000000001EAA';
export const RELATED_ORG_ID = '00D000000000002EAA';

export function makeOrg(overrides: Partial<z.input<typeof orgSchema>> = {}) {
  return {
    org_id: ORG_ID,
    name: 'Acme Corp',
    account_id: '001000000000001AAA',
    account_name: 'Acme',
    instance: 'NA42',
    environment: 'Production',
    location: 'NA',
    release: 'Summer',
    edition: 'Enterprise Edition',
    groups: 'Pilot',
    status: 'Installed',
    modified_date: '2025-03-01T10:00:00.000Z',
    type: 'Production',
    is_sandbox: false,
    parent_org_id: null,
    ...overrides,
  } satisfies z.input<typeof orgSchema>;
}

export function makeOrgDetail(overrides: Partial<z.input<typeof orgDetailSchema>> = {}) {
  return {
    ...makeOrg(),
    features: ['Communities', 'Person Accounts'],
    blacklisted: false,
    blacklist_reasons: [],
    ...overrides,
  } satisfies z.input<typeof orgDetailSchema>;
}

/** A package installed at 1.2 whose latest is 1.5 (an upgrade is available), licensed Active. */
export function makeVersion(overrides: Partial<z.input<typeof installedVersionSchema>> = {}) {
  return {
    org_id: ORG_ID,
    package_id: '033000000000001AAA',
    package_name: 'Billing',
    dependency_tier: 1,
    version_id: '04t000000000012AAA',
    version_number: '1.2',
    version_sort: '0001.0002.0000',
    version_status: 'Verified',
    latest_version_id: '04t000000000015AAA',
    latest_version_number: '1.5',
    latest_version_sort: '0001.0005.0000',
    latest_limited_version_id: null,
    latest_limited_version_sort: null,
    license_status: 'Active',
    install_date: '2025-01-10T09:00:00.000Z',
    status: 'Installed',
    ...overrides,
  } satisfies z.input<typeof installedVersionSchema>;
}

export function makeLicense(overrides: Partial<z.input<typeof licenseSchema>> = {}) {
  return {
    sfid: 'a0L000000000001AAA',
    name: 'L-000123',
    account_name: 'Acme',
    package_name: 'Billing',
    package_id: '033000000000001AAA',
    version_number: '1.2',
    version_id: '04t000000000012AAA',
    version_name: 'Spring',
    status: 'Active',
    lma_org_name: 'LMA',
    lma_org_id: '00D00000000LMA0EAA',
    modified_date: '2025-03-01T10:00:00.000Z',
    install_date: '2025-01-10T09:00:00.000Z',
    expiration: null,
    used_license_count: 12,
    org_id: ORG_ID,
    org_name: 'Acme Corp',
    instance: 'NA42',
    ...overrides,
  } satisfies z.input<typeof licenseSchema>;
}

export function makeJob(overrides: Partial<z.input<typeof upgradeJobSchema>> = {}) {
  return {
    id: 501,
    upgrade_id: 77,
    item_id: 301,
    org_id: ORG_ID,
    org_name: 'Acme Corp',
    instance: 'NA42',
    environment: 'Production',
    location: 'NA',
    account_name: 'Acme',
    package_name: 'Billing',
    package_id: '033000000000001AAA',
    original_version_number: '1.1',
    original_version_id: '04t000000000011AAA',
    current_version_number: '1.2',
    current_version_id: '04t000000000012AAA',
    version_number: '1.5',
    version_id: '04t000000000015AAA',
    start_time: '2025-02-01T10:00:00.000Z',
    end_time: '2025-02-01T10:01:00.000Z',
    duration: 60,
    status: 'Succeeded',
    message: null,
    modified_date: '2025-02-01T10:01:00.000Z',
    ...overrides,
  } satisfies z.input<typeof upgradeJobSchema>;
}

export function makeGroup(overrides: Partial<z.input<typeof orgGroupSchema>> = {}) {
  return {
    id: 9,
    name: 'Pilot',
    type: 'Upgrade Group',
    description: 'Early adopters',
    created_date: '2024-12-01T08:00:00.000Z',
    created_by: 'ada@example.com',
    member_count: 3,
    ...overrides,
  } satisfies z.input<typeof orgGroupSchema>;
}
