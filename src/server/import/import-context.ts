// What the planner knows while it walks the old tables in order: which old rows it met and where
// they went (so a member can find its group and a job its request, in a dry run too), which
// unique keys are taken (15- and 18-character forms of one id in the old data meet here), and
// what Pushboard already holds that an imported row must not collide with.
import type { SqlClient } from '../db/database';
import { readImportTargetFacts } from '../db/repositories/old-console-import/import-map';
import type { SecretBox } from '../secrets';

/** Target key of an old row that a dry run would import (nothing written, so no id yet). */
export const PENDING = 'pending';

export interface ImportContext {
  /** Per old table: every old id read, and the target key of those imported (or PENDING). */
  readonly seen: Map<string, Set<string>>;
  readonly targets: Map<string, Map<string, string>>;
  /** Per unique constraint of a target table: the keys taken by this import so far. */
  readonly taken: Map<string, Set<string>>;
  /** An old request's old upgrade id, to check its jobs name the same upgrade. */
  readonly itemUpgrade: Map<string, string>;
  /** Pushboard's package versions: LMA record id (sfid) → 04t id and package, and 04t → package. */
  readonly versionBySfid: Map<string, { versionId: string; packageId: string }>;
  readonly packageOfVersion: Map<string, string>;
  /** Connected orgs Pushboard had before (not imported): never overwritten. */
  readonly connectedOrgs: Set<string>;
  /** Saved filter names taken, as '<list key>\n<lower-case name>'. */
  readonly filterNames: Set<string>;
  readonly oldKey: string | undefined;
  /** The old console's CRYPT_KEY_RSA private key (PEM), when its tokens were sealed with RSA. */
  readonly oldRsaKey: string | undefined;
  readonly secrets: SecretBox | undefined;
}

export function noteSeen(ctx: ImportContext, table: string, key: string): void {
  let set = ctx.seen.get(table);
  if (!set) ctx.seen.set(table, (set = new Set<string>()));
  set.add(key);
}

export function wasSeen(ctx: ImportContext, table: string, key: string): boolean {
  return ctx.seen.get(table)?.has(key) ?? false;
}

export function targetOf(ctx: ImportContext, table: string, key: string): string | undefined {
  return ctx.targets.get(table)?.get(key);
}

export function setTarget(ctx: ImportContext, table: string, key: string, target: string): void {
  let map = ctx.targets.get(table);
  if (!map) ctx.targets.set(table, (map = new Map<string, string>()));
  map.set(key, target);
}

/** Claims a unique key; false when an earlier old row already claimed it. */
export function claim(ctx: ImportContext, constraint: string, key: string): boolean {
  let set = ctx.taken.get(constraint);
  if (!set) ctx.taken.set(constraint, (set = new Set<string>()));
  if (set.has(key)) return false;
  set.add(key);
  return true;
}

export async function loadImportContext(
  db: SqlClient,
  options: {
    oldKey?: string | undefined;
    oldRsaKey?: string | undefined;
    secrets?: SecretBox | undefined;
  },
): Promise<ImportContext> {
  const facts = await readImportTargetFacts(db);
  return {
    seen: new Map(),
    targets: new Map(),
    taken: new Map(),
    itemUpgrade: new Map(),
    versionBySfid: new Map(
      facts.versions.map((v) => [v.sfid, { versionId: v.version_id, packageId: v.package_id }]),
    ),
    packageOfVersion: new Map(facts.versions.map((v) => [v.version_id, v.package_id])),
    connectedOrgs: new Set(facts.ownConnectedOrgs),
    filterNames: new Set(facts.filterNames),
    oldKey: options.oldKey,
    oldRsaKey: options.oldRsaKey,
    secrets: options.secrets,
  };
}
