// The old console kept all groups in one table with a type column: 'Upgrade Group' (its
// default), 'Blacklist', 'Whitelist' and a never-used 'Inactive'. Pushboard's group types
// carry the same meaning under longer names, so a blacklist stays a blacklist after the import.
import type { OrgGroupType } from '../../domain/api/org-groups';

export type OldGroupTypeMapping = { readonly type: OrgGroupType } | { readonly skipped: string };

const BY_OLD_TYPE: Record<string, OrgGroupType> = {
  'upgrade group': 'Upgrade Group',
  blacklist: 'Blacklist Group',
  'blacklist group': 'Blacklist Group',
  whitelist: 'Whitelist Group',
  'whitelist group': 'Whitelist Group',
};

export function mapOldGroupType(oldType: string | null): OldGroupTypeMapping {
  // The old console created groups without a type as upgrade groups.
  if (oldType === null || oldType.trim() === '') return { type: 'Upgrade Group' };
  const type = BY_OLD_TYPE[oldType.trim().toLowerCase()];
  if (type) return { type };
  return { skipped: `group type '${oldType}' has no Pushboard equivalent` };
}
