// Answers of the group APIs as the server sends them, checked against the domain schemas so a
// contract change breaks these tests instead of passing them on stale shapes.
import {
  groupVersionSchema,
  licenseSchema,
  orgGroupSchema,
  orgSchema,
  upgradeSchema,
  type GroupVersion,
  type License,
  type Org,
  type OrgGroup,
  type Upgrade,
} from '../../../../domain';

export function makeGroup(overrides: Partial<OrgGroup> = {}): OrgGroup {
  return orgGroupSchema.parse({
    id: 7,
    name: 'Pilot customers',
    type: 'Upgrade Group',
    description: 'First to get each release',
    created_date: '2025-03-01T10:00:00.000Z',
    created_by: 'grace@example.com',
    member_count: 1234,
    ...overrides,
  });
}

export function makeMember(overrides: Partial<Org> = {}): Org {
  return orgSchema.parse({
    org_id: '00D000000000001EAA',
    name: 'Acme Production',
    account_id: '001000000000001AAA',
    account_name: 'Acme Corp',
    instance: 'NA42',
    environment: 'Production',
    location: 'NA',
    release: 'Summer 25',
    edition: 'Enterprise Edition',
    groups: 'Pilot customers',
    status: 'Installed',
    modified_date: '2025-03-02T10:00:00.000Z',
    type: 'Customer',
    is_sandbox: false,
    parent_org_id: null,
    ...overrides,
  });
}

export function makeGroupVersion(overrides: Partial<GroupVersion> = {}): GroupVersion {
  return groupVersionSchema.parse({
    row_key: '00D000000000001EAA:033000000000001AAA',
    org_id: '00D000000000001EAA',
    type: 'Customer',
    edition: 'Enterprise Edition',
    instance: 'NA42',
    account_name: 'Acme Corp',
    license_status: 'Active',
    install_date: '2025-01-05T10:00:00.000Z',
    package_name: 'Billing',
    package_id: '033000000000001AAA',
    version_id: '04t000000000001AAA',
    version_number: '1.4.0',
    latest_version_id: '04t000000000002AAA',
    latest_version_number: '1.5.0',
    status: 'Verified',
    created_date: '2024-12-01T10:00:00.000Z',
    release_date: '2024-12-15T10:00:00.000Z',
    ...overrides,
  });
}

export function makeLicense(overrides: Partial<License> = {}): License {
  return licenseSchema.parse({
    sfid: 'a0B000000000001AAA',
    name: 'L-000123',
    account_name: 'Acme Corp',
    package_name: 'Billing',
    package_id: '033000000000001AAA',
    version_number: '1.4.0',
    version_id: '04t000000000001AAA',
    version_name: 'Spring',
    status: 'Active',
    lma_org_name: 'License HQ',
    lma_org_id: '00D000000000009EAA',
    modified_date: '2025-03-02T10:00:00.000Z',
    install_date: '2025-01-05T10:00:00.000Z',
    expiration: null,
    used_license_count: 12,
    org_id: '00D000000000001EAA',
    org_name: 'Acme Production',
    instance: 'NA42',
    ...overrides,
  });
}

export function makeUpgrade(overrides: Partial<Upgrade> = {}): Upgrade {
  return upgradeSchema.parse({
    id: 31,
    description: 'Billing 1.5 for pilots',
    status: 'Active',
    item_status: 'Active',
    total_job_count: 40,
    start_time: '2025-03-03T10:00:00.000Z',
    created_by: 'ada@example.com',
    activated_by: 'grace@example.com',
    activated_date: '2025-03-03T09:00:00.000Z',
    comment: null,
    org_group_id: 7,
    parent_id: null,
    ...overrides,
  });
}
