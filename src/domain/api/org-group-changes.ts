// The contract of the group and org changes (docs/api.md "Org groups" and "Orgs, licenses, search";
// docs/product.md "Group picker" and "Org id import"): save and delete groups, add, move and remove
// members, take an org out of groups, import org ids, and the blacklist toggle. The server
// validates with these schemas and the screens build their requests with them.
import { z } from 'zod';
import { orgIdParam } from './common';
import { ORG_GROUP_TYPES, type OrgGroupType } from './org-groups';

/**
 * The group picker's "create a new group with the typed name" option
 * (docs/product.md "Group picker").
 */
export const NEW_GROUP_ID = -1;

export const GROUP_NAME_REQUIRED = 'Name is required';
const MAX_ORG_IDS = 50_000;

const groupId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Org ids in a body: each a 15- or 18-character 00D id, answered in the 18-character form. */
function orgIdArray(what: string) {
  return z
    .array(orgIdParam, { error: `Select at least one ${what}` })
    .min(1, `Select at least one ${what}`)
    .max(MAX_ORG_IDS);
}

const groupName = z
  .string({ error: GROUP_NAME_REQUIRED })
  .trim()
  .min(1, GROUP_NAME_REQUIRED)
  .max(100, 'A group name has at most 100 characters');

/** Save a group (the group interface): without id a new group, with id an edit. */
export const saveOrgGroupSchema = z.object({
  id: groupId.optional(),
  name: groupName,
  type: z.enum(ORG_GROUP_TYPES).default('Upgrade Group' satisfies OrgGroupType),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((text) => (text ? text : null)),
  /** The New modal's Import Org Ids: members added with the save (never removed by it). */
  orgIds: z.array(orgIdParam).max(MAX_ORG_IDS).optional(),
});
export type SaveOrgGroupInput = z.input<typeof saveOrgGroupSchema>;

/** A group named in an answer: the group saved, or the one members went to. */
export const orgGroupRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type OrgGroupRef = z.infer<typeof orgGroupRefSchema>;

/** POST /api/orggroups/delete. */
export const deleteOrgGroupsSchema = z.object({
  orggroupIds: z
    .array(groupId, { error: 'Select at least one group' })
    .min(1, 'Select at least one group')
    .max(1000),
});

/** What deleting groups answers: the ids deleted. */
export const deleteOrgGroupsResultSchema = z.object({ deleted: z.array(z.number().int()) });

/** The group of POST /api/orggroups/{id}/members: an existing group, or -1 to create one. */
export const memberTargetParam = z.coerce
  .number()
  .int()
  .refine((id) => id === NEW_GROUP_ID || (id >= 1 && id <= Number.MAX_SAFE_INTEGER), {
    message: 'must be a group id, or -1 to create a group',
  });

/** The path parameters of POST /api/orggroups/{id}/members. */
export const memberTargetParams = z.object({ id: memberTargetParam });

/**
 * POST /api/orggroups/{id}/members: copy (or, with moveFrom, move) orgs into a group; `name` names
 * the group to create when the id is -1.
 */
export const addMembersSchema = z.object({
  orgIds: orgIdArray('org'),
  name: z.string().trim().max(100).optional(),
  /** Move: the group the orgs leave, in the same transaction. */
  moveFrom: groupId.optional(),
});
export type AddMembersInput = z.input<typeof addMembersSchema>;

/** POST /api/orggroups/{id}/members/remove. */
export const removeMembersSchema = z.object({ orgIds: orgIdArray('member') });

/** POST /api/orggroups/members/{orgId}/remove. */
export const removeOrgFromGroupsSchema = z.object({
  orgGroupIds: z
    .array(groupId, { error: 'Select at least one group' })
    .min(1, 'Select at least one group')
    .max(1000),
});

/** What taking an org out of groups answers: how many memberships ended. */
export const removeOrgFromGroupsResultSchema = z.object({ removed: z.number().int() });

/** What a member change answers: the group and how many orgs it changed. */
export const memberChangeResultSchema = orgGroupRefSchema.extend({
  count: z.number().int(),
});
export type MemberChangeResult = z.infer<typeof memberChangeResultSchema>;

/** PUT /api/orgs: the Import modal's cleaned ids and its correlation token. */
export const importOrgsSchema = z.object({
  orgIds: orgIdArray('org id'),
  transid: z.string().trim().min(1, 'transid is required').max(100),
});
export type ImportOrgsInput = z.input<typeof importOrgsSchema>;

/** How an import ended (also carried by the 'orgs' live event with the import's transid). */
export const orgImportSummarySchema = z.object({
  added: z.number().int(),
  known: z.number().int(),
  notFound: z.array(z.string()),
});
export type OrgImportSummary = z.infer<typeof orgImportSummarySchema>;

/**
 * PUT /api/orgs answers at once: how many ids Pushboard already knows, and the background job
 * that looks up the others (null when every id was known: the summary is then final).
 */
export const importOrgsResultSchema = z.object({
  transid: z.string(),
  jobId: z.string().nullable(),
  known: z.number().int(),
  lookingUp: z.number().int(),
  summary: orgImportSummarySchema.nullable(),
});
export type ImportOrgsResult = z.infer<typeof importOrgsResultSchema>;

/** PUT /api/orgs/{orgId}/blacklist: the Org detail toggle. */
export const setBlacklistedSchema = z.object({ blacklisted: z.boolean() });

/** The toggle's answer: the org's blacklist state after it, and why when it did not follow. */
export const blacklistResultSchema = z.object({
  blacklisted: z.boolean(),
  group: orgGroupRefSchema.nullable(),
  message: z.string().optional(),
});
export type BlacklistResult = z.infer<typeof blacklistResultSchema>;

/** The group that the Org detail toggle adds orgs to when no Blacklist Group exists yet. */
export const DEFAULT_BLACKLIST_GROUP = 'Blacklist';

/**
 * Texts of the notices and confirmations (docs/product.md "Notices" and "Confirmation texts"),
 * word for word.
 */
export function deleteGroupsPrompt(count: number): string {
  return count === 1
    ? 'Are you sure you want to delete this group?'
    : `Are you sure you want to delete these ${count} groups?`;
}
export const moveMembersPrompt = (count: number, group: string) =>
  `Are you sure you want to move ${count} member(s) to ${group}?`;
export const removeMembersPrompt = (count: number) =>
  `Are you sure you want to remove ${count} member(s)?`;
export const addedOrgsNotice = (count: number, group: string) =>
  count === 1 ? `Added org to ${group}` : `Added ${count} org(s) to ${group}`;
export const movedOrgsNotice = (count: number, group: string) =>
  `Moved ${count} org(s) to ${group}`;
