// Query keys in one place, so the live channel can invalidate by prefix what the screens cache.
// Lists start with the plural root and details with the singular one; feature hooks append their
// parameters after the root (e.g. ['orgs', { blacklisted: true }] or ['org', orgId]).
export const queryKeys = {
  currentUser: ['oauth2', 'user'] as const,
  authSettings: ['oauth2', 'settings'] as const,

  upgrades: ['upgrades'] as const,
  upgrade: ['upgrade'] as const,
  upgradeItems: ['upgrade-items'] as const,
  upgradeItem: ['upgrade-item'] as const,
  upgradeJobs: ['upgrade-jobs'] as const,
  licenses: ['licenses'] as const,
  license: ['license'] as const,
  orgs: ['orgs'] as const,
  org: ['org'] as const,
  orgVersions: ['org-versions'] as const,
  orgGroups: ['orggroups'] as const,
  orgGroup: ['orggroup'] as const,
  groupMembers: ['orggroup-members'] as const,
  groupVersions: ['orggroup-versions'] as const,
  packages: ['packages'] as const,
  package: ['package'] as const,
  packageVersions: ['packageversions'] as const,
  packageVersion: ['packageversion'] as const,
  packageOrgs: ['packageorgs'] as const,
  packageOrg: ['packageorg'] as const,
  adminJobs: ['admin', 'jobs'] as const,
  /** The home page's tiles, made stale by the events of everything they show. */
  home: ['home'] as const,
  /** A package's adoption counts, new after each fetch. */
  adoption: ['adoption'] as const,
};
