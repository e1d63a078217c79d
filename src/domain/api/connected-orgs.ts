// Connected orgs (spec §2 Connected Orgs list and detail, §3 Package org). Tokens never appear here.
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { isoTime, nullableText } from './common';

export const CONNECTED_ORG_TYPES = ['Package', 'Licenses', 'Accounts'] as const;
export const CONNECTED_ORG_STATUSES = ['Connected', 'Unprotected', 'Invalid', 'Missing'] as const;

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
  status: z.string(),
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
    column('status', 'Connection Status'),
    column('active', 'Active', 'boolean'),
  ],
  defaultSort: [{ id: 'name', desc: false }],
};
