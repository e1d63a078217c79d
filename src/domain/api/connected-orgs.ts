// Connected orgs (docs/product.md "Connected Orgs list", "Connected Org detail" and
// "Entities and fields"). Tokens never appear here.
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { isoTime, nullableText, orgIdParam } from './common';
import { CONNECTED_ORG_STATUSES } from '../statuses';

export const CONNECTED_ORG_TYPES = ['Package', 'Licenses', 'Accounts'] as const;

/** The permission note under the Connected Orgs title. */
export const CONNECTED_ORGS_NOTE =
  'Packaging orgs need the packaging push permission ("Push Upgrades") and certified-partner status before Pushboard can push upgrades through them.';

/** Connected and Unprotected show green; any other status red. */
export function isHealthyConnectionStatus(status: string): boolean {
  return status === 'Connected' || status === 'Unprotected';
}

export const connectedOrgSchema = z.object({
  org_id: z.string(),
  name: z.string(),
  description: nullableText,
  type: z.enum(CONNECTED_ORG_TYPES),
  status: z.enum(CONNECTED_ORG_STATUSES),
  /** Why the org needs connecting again (Salesforce refused its refresh token, revoked…). */
  status_reason: nullableText,
  instance_name: nullableText,
  instance_url: z.string(),
  namespace: nullableText,
  active: z.boolean(),
  refreshed_date: isoTime,
});
export type ConnectedOrg = z.infer<typeof connectedOrgSchema>;

export const CONNECTED_ORG_LIST: ListDefinition = {
  key: 'PackageOrgList',
  rowKey: 'org_id',
  columns: [
    column('name', 'Name'),
    column('description', 'Description'),
    column('org_id', 'Org ID'),
    column('type', 'Type', 'enum', { values: CONNECTED_ORG_TYPES }),
    column('instance_url', 'Instance URL'),
    column('status', 'Connection Status', 'enum', { values: CONNECTED_ORG_STATUSES }),
    column('active', 'Active', 'boolean'),
  ],
  defaultSort: [{ id: 'name', desc: false }],
};

// ---- Changes (docs/api.md "Connected orgs", docs/product.md "Confirmation texts") ----

/** Most connected orgs a console has are a handful; a selection is never more. */
export const MAX_CONNECTED_ORG_IDS = 100;

/** Body of POST /api/packageorgs/refresh|revoke|delete: the selected connected orgs. */
export const connectedOrgIdsSchema = z.object({
  orgIds: z
    .array(orgIdParam)
    .min(1, 'select at least one connected org')
    .max(MAX_CONNECTED_ORG_IDS),
});
export type ConnectedOrgIds = z.infer<typeof connectedOrgIdsSchema>;

/** Body of POST /api/packageorgs/activation: switch packaging orgs on or off for upgrades. */
export const connectedOrgActivationSchema = connectedOrgIdsSchema.extend({ flag: z.boolean() });

/**
 * Body of PUT /api/packageorgs (the Edit modal's save): a packageorg object with only the fields
 * an operator may change. Anything else (name, status, instance…) comes from Salesforce and is
 * refused rather than silently ignored.
 */
export const connectedOrgEditSchema = z
  .object({
    org_id: orgIdParam,
    type: z.enum(CONNECTED_ORG_TYPES),
    description: z.string().trim().max(255).nullable(),
  })
  .strict();
export type ConnectedOrgEdit = z.input<typeof connectedOrgEditSchema>;

/** What refresh, revoke and delete answer: the orgs they changed. */
export const connectedOrgChangeResultSchema = z.object({ orgIds: z.array(z.string()) });

/** Query of GET /oauth2/orgurl: connect a new org (no instanceUrl) or re-connect one. */
export const connectOrgQuerySchema = z.object({
  instanceUrl: z.string().url().max(2048).optional(),
  /** Without a type a new org is Package when it has a namespace, otherwise Licenses. */
  type: z.enum(CONNECTED_ORG_TYPES).optional(),
  returnTo: z.string().max(2048).optional(),
  /** Shift-click on Add Org: log in through the sandbox login host. */
  sandbox: z.enum(['true', 'false']).optional(),
});

/** Query of GET /oauth2/exportorgurl (docs/api.md "Connected orgs"). */
export const exportOrgQuerySchema = z.object({
  instanceUrl: z.string().url().max(2048),
  type: z.enum(CONNECTED_ORG_TYPES),
  returnTo: z.string().max(2048).optional(),
});

/** Query of GET /oauth2/preauthorg: the one org Pushboard met but holds no tokens for. */
export const preauthorizeOrgQuerySchema = z.object({ org_id: orgIdParam });

/** Query of GET /oauth2/exportorg/{orgId}, the export popup: where Reconnect comes back to. */
export const exportPageQuerySchema = z.object({ returnTo: z.string().max(2048).optional() });

/** The confirmation texts (docs/product.md "Confirmation texts"), word for word. */
export function removeConnectedOrgsPrompt(count: number): string {
  return `Are you sure you want to remove ${count} connected org(s)?`;
}
export const DEACTIVATE_CONNECTION_PROMPT =
  'Are you sure you want to deactivate this org connection?';
export const REMOVE_CONNECTION_PROMPT = 'Are you sure you want to remove this org connection?';
