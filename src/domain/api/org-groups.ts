// Org groups (docs/product.md "Org Groups list", "Org Group detail" and "Entities and fields";
// docs/api.md "Org groups").
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { isoTime, nullableText, numericId } from './common';

export const ORG_GROUP_TYPES = ['Upgrade Group', 'Blacklist Group', 'Whitelist Group'] as const;
export type OrgGroupType = (typeof ORG_GROUP_TYPES)[number];
export const DEFAULT_ORG_GROUP_TYPE: OrgGroupType = 'Upgrade Group';

/** Blacklist groups have no Upgrade Packages action and no Upgrades tab. */
export function isBlacklistGroup(group: { type: string }): boolean {
  return group.type === 'Blacklist Group';
}

export const orgGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  description: nullableText,
  created_date: isoTime,
  created_by: nullableText,
  member_count: z.number().int(),
});
export type OrgGroup = z.infer<typeof orgGroupSchema>;

export const ORG_GROUP_LIST: ListDefinition = {
  key: 'OrgGroupList',
  rowKey: 'id',
  columns: [
    column('name', 'Name'),
    column('type', 'Type', 'enum', { values: ORG_GROUP_TYPES }),
    column('description', 'Description'),
    column('member_count', 'Members', 'number'),
    column('created_by', 'Created'),
    column('created_date', 'When', 'datetime'),
  ],
  defaultSort: [{ id: 'name', desc: false }],
};

/** Org detail's Groups tab. */
export const ORG_GROUP_CARD_LIST: ListDefinition = { ...ORG_GROUP_LIST, key: 'OrgGroupCard' };

/** The radio filter of the group list: every type, or one. */
export const ORG_GROUP_TYPE_FILTERS = ['All', ...ORG_GROUP_TYPES] as const;

/** GET /api/orggroups: name/description search (the group picker), a type, minus one group. */
export const orgGroupQuerySchema = z.object({
  text: z.string().max(200).optional(),
  excludeId: numericId.optional(),
  type: z.enum(ORG_GROUP_TYPE_FILTERS).optional(),
});
