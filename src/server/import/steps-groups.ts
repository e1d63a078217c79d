// The old console's connected orgs, org groups with their members, and saved filters, mapped to
// Pushboard's connected_org, org_group, org_group_member and saved_filter.
import { CONNECTED_ORG_TYPES } from '../../domain/api/connected-orgs';
import { KEY_PREFIXES, parseSalesforceId } from '../../domain/ids';
import {
  insertImportedConnectedOrgs,
  insertImportedFilters,
  insertImportedGroups,
  insertImportedMembers,
  type ImportedConnectedOrg,
  type ImportedFilter,
  type ImportedGroup,
  type ImportedMember,
} from '../db/repositories/old-console-import/writes-groups';
import { claim, noteSeen, PENDING, targetOf, wasSeen, type ImportContext } from './import-context';
import type { OldRow } from '../db/repositories/old-console-import/old-source';
import { text, time, type ImportStep, type Plan } from './import-step';
import { mapOldGroupType } from './old-group-type';
import { openOldToken } from './old-token';

/** Shown on the Connected Orgs screen for an org imported without usable tokens. */
export const RECONNECT_REASON = 'Imported from the old console: sign in again to connect';

const ORG_PREFIX = KEY_PREFIXES.organization;

/** An org id in 18-character form, or the reason it is not one. */
export function orgIdOf(value: unknown): { id: string } | { skip: string; detail: string } {
  const raw = text(value);
  if (raw === null) return { skip: 'no org id', detail: 'empty' };
  const parsed = parseSalesforceId(raw, ORG_PREFIX);
  if (!parsed.ok) return { skip: `org id does not parse (${parsed.reason})`, detail: raw };
  return { id: parsed.id18 };
}

export const connectedOrgStep: ImportStep<ImportedConnectedOrg> = {
  source: 'package_org',
  target: 'connected_org',
  key: 'org_id',
  columns: [
    'org_id',
    'name',
    'active',
    'description',
    'division',
    'namespace',
    'instance_name',
    'instance_url',
    'refresh_token',
    'access_token',
    'type',
    'status',
    'refreshed_date',
  ],
  hashOmit: ['refresh_token', 'access_token', 'refreshed_date', 'status'],
  plan(row, ctx): Plan<ImportedConnectedOrg> {
    const org = orgIdOf(row.org_id);
    if ('skip' in org) return org;
    if (ctx.connectedOrgs.has(org.id))
      return { skip: 'already connected in Pushboard (kept as it is)' };
    const type = CONNECTED_ORG_TYPES.find((t) => t.toLowerCase() === text(row.type)?.toLowerCase());
    if (!type)
      return { skip: 'type is not Package, Licenses or Accounts', detail: String(row.type) };
    const instanceUrl = text(row.instance_url);
    if (!instanceUrl?.startsWith('https://'))
      return { skip: 'no https instance URL', detail: String(row.instance_url) };
    const instanceName = text(row.instance_name);
    const sandbox = /^cs/i.test(instanceName ?? '') || /--|\.sandbox\./i.test(instanceUrl);
    // Tokens only with the old key, and only when the refresh token opens: else a re-connect.
    const open = (value: unknown) => {
      const sealed = text(value);
      const keys = { password: ctx.oldKey, rsaPrivateKeyPem: ctx.oldRsaKey };
      return sealed ? openOldToken(sealed, keys) : null;
    };
    const refresh = open(row.refresh_token);
    const access = refresh ? open(row.access_token) : null;
    const usable =
      refresh !== null && ctx.secrets !== undefined && text(row.status) === 'Connected';
    const notes: string[] = [];
    if (!usable) {
      notes.push(
        ctx.oldKey === undefined && ctx.oldRsaKey === undefined
          ? 'imported as needing a re-connect (no --old-key)'
          : text(row.refresh_token) && refresh === null
            ? 'imported as needing a re-connect (its refresh token does not open with the old keys given)'
            : 'imported as needing a re-connect (not connected in the old console)',
      );
    }
    return {
      notes,
      value: {
        orgId: org.id,
        name: text(row.name) ?? org.id,
        description: text(row.description),
        division: text(row.division),
        namespace: text(row.namespace),
        instanceName,
        instanceUrl,
        loginUrl: sandbox ? 'https://test.salesforce.com' : 'https://login.salesforce.com',
        type,
        status: usable ? 'Connected' : 'Invalid',
        statusReason: usable ? null : RECONNECT_REASON,
        accessTokenEnc: usable && access ? ctx.secrets.encrypt(access) : null,
        refreshTokenEnc: usable ? ctx.secrets.encrypt(refresh) : null,
        refreshedDate: usable ? time(row.refreshed_date) : null,
      },
    };
  },
  write: insertImportedConnectedOrgs,
};

export const groupStep: ImportStep<ImportedGroup> = {
  source: 'org_group',
  target: 'org_group',
  key: 'id',
  columns: ['id', 'name', 'type', 'description', 'created_date'],
  plan(row, ctx) {
    noteSeen(ctx, 'org_group', String(row.id));
    const mapped = mapOldGroupType(text(row.type));
    if ('skipped' in mapped) return { skip: mapped.skipped };
    const name = text(row.name);
    return {
      notes: name ? [] : ['had no name: named after its old id'],
      value: {
        name: name ?? `Old console group ${String(row.id)}`,
        type: mapped.type,
        description: text(row.description),
        createdDate: time(row.created_date),
      },
    };
  },
  write: insertImportedGroups,
};

/** Why an old row's reference to another old row leads nowhere: absent, or itself skipped. */
export function missingReason(ctx: ImportContext, table: string, id: string, what: string): string {
  return wasSeen(ctx, table, id)
    ? `${what} was skipped (see above)`
    : `${what} does not exist in the old database (orphan)`;
}

export const memberStep: ImportStep<ImportedMember> = {
  source: 'org_group_member',
  target: 'org_group_member',
  key: 'id',
  columns: ['id', 'org_group_id', 'org_id'],
  plan(row: OldRow, ctx) {
    const oldGroup = String(row.org_group_id);
    const groupId = targetOf(ctx, 'org_group', oldGroup);
    if (!groupId)
      return {
        skip: missingReason(ctx, 'org_group', oldGroup, 'its group'),
        detail: `group ${oldGroup}`,
      };
    const org = orgIdOf(row.org_id);
    if ('skip' in org) return org;
    // The old unique key compared text, so one org may be listed twice (15 and 18 characters).
    const key = `${groupId === PENDING ? `old:${oldGroup}` : groupId}:${org.id}`;
    if (!claim(ctx, 'org_group_member', key))
      return {
        skip: 'same org listed twice in the group (15- and 18-character forms)',
        detail: String(row.org_id),
      };
    return { value: { groupId, orgId: org.id } };
  },
  write: insertImportedMembers,
};

export const filterStep: ImportStep<ImportedFilter> = {
  source: 'filter',
  target: 'saved_filter',
  key: 'id',
  readAll: true,
  columns: ['id', 'key', 'created_by', 'name', 'query'],
  plan(row, ctx) {
    const listKey = text(row.key);
    const name = text(row.name);
    if (!listKey || !name) return { skip: 'no list key or no name' };
    if (!claim(ctx, 'filter-id', String(row.id)))
      return { skip: 'id repeated in the old table (it has no primary key)' };
    let query: unknown;
    try {
      query = JSON.parse(String(row.query));
    } catch {
      return { skip: 'query is not JSON', detail: name };
    }
    // Saved filter names are unique per list in Pushboard; a taken one gets a suffix.
    let finalName = name;
    for (let n = 1; ctx.filterNames.has(`${listKey}\n${finalName.toLowerCase()}`); n++) {
      finalName = `${name} (old console${n > 1 ? ` ${n}` : ''})`;
    }
    ctx.filterNames.add(`${listKey}\n${finalName.toLowerCase()}`);
    const notes = finalName === name ? [] : ['name taken in Pushboard: imported with a suffix'];
    return { notes, value: { listKey, name: finalName, query, createdBy: text(row.created_by) } };
  },
  write: insertImportedFilters,
};
