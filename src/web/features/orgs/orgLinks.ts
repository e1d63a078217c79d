// Where the org screens' links lead (spec §2 route list). Ids go into the path encoded, so an
// odd id from the server can never turn a link into another route.
const at = (root: string, id: string | number) => `/${root}/${encodeURIComponent(String(id))}`;

export const orgPath = (orgId: string) => at('org', orgId);
export const orgGroupPath = (groupId: number) => at('orggroup', groupId);
export const packagePath = (packageId: string) => at('package', packageId);
export const packageVersionPath = (versionId: string) => at('packageversion', versionId);
export const licensePath = (licenseId: string) => at('license', licenseId);
export const connectedOrgPath = (orgId: string) => at('packageorg', orgId);
export const upgradePath = (upgradeId: number) => at('upgrade', upgradeId);

/** A link for an optional id: null (no link) when the row has none. */
export function maybe<T>(path: (id: T) => string, id: T | null | undefined): string | null {
  return id === null || id === undefined || id === '' ? null : path(id);
}
