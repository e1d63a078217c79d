// Where a click on a record leads (docs/product.md "Route table"). One place, so every screen links
// the same way; ids go into the path encoded, so an odd id from the server can never turn a link
// into another route.

const to = (root: string, id: string | number) => `/${root}/${encodeURIComponent(String(id))}`;

/** The path of a record, or null when the row does not know the record (no link then). */
function maybe(root: string, id: string | number | null | undefined): string | null {
  return id === null || id === undefined || id === '' ? null : to(root, id);
}

export const paths = {
  license: (id: string | null | undefined) => maybe('license', id),
  package: (id: string | null | undefined) => maybe('package', id),
  packageVersion: (id: string | null | undefined) => maybe('packageversion', id),
  packageOrg: (id: string | null | undefined) => maybe('packageorg', id),
  org: (id: string | null | undefined) => maybe('org', id),
  orgGroup: (id: number | null | undefined) => maybe('orggroup', id),
  upgrade: (id: number | null | undefined) => maybe('upgrade', id),
  upgradeItem: (id: number | null | undefined) => maybe('upgradeitem', id),
  /** The Orgs list narrowed to the orgs on one package version (an adoption chart's bar). */
  orgsOnVersion: (versionId: string) => `/orgs?versionId=${encodeURIComponent(versionId)}`,
} as const;
