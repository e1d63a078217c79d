// Writes of the import from the old console: connected orgs, org groups and members, saved
// filters. Each returns the target keys of the rows it wrote, in order, for import_map.
import type { OrgGroupType } from '../../../../domain/api/org-groups';
import type { SqlClient } from '../../database';

/** Who an imported row says created it, where Pushboard keeps a creator. */
export const IMPORTED_BY = 'old console import';

export interface ImportedConnectedOrg {
  orgId: string;
  name: string;
  description: string | null;
  division: string | null;
  namespace: string | null;
  instanceName: string | null;
  instanceUrl: string;
  loginUrl: string;
  type: string;
  status: 'Connected' | 'Invalid';
  statusReason: string | null;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  refreshedDate: Date | null;
}

export async function insertImportedConnectedOrgs(
  tx: SqlClient,
  rows: readonly ImportedConnectedOrg[],
): Promise<string[]> {
  for (const o of rows) {
    await tx.query(
      `INSERT INTO connected_org (org_id, name, description, division, namespace, instance_name,
         instance_url, login_url, type, status, status_reason, access_token_enc, refresh_token_enc,
         refreshed_date, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        o.orgId,
        o.name,
        o.description,
        o.division,
        o.namespace,
        o.instanceName,
        o.instanceUrl,
        o.loginUrl,
        o.type,
        o.status,
        o.statusReason,
        o.accessTokenEnc,
        o.refreshTokenEnc,
        o.refreshedDate,
        IMPORTED_BY,
      ],
    );
  }
  return rows.map((o) => o.orgId);
}

export interface ImportedGroup {
  name: string;
  type: OrgGroupType;
  description: string | null;
  createdDate: Date | null;
}

export async function insertImportedGroups(
  tx: SqlClient,
  rows: readonly ImportedGroup[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const g of rows) {
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO org_group (name, type, description, created_by, created_date)
       VALUES ($1, $2, $3, $4, coalesce($5, now())) RETURNING id`,
      [g.name, g.type, g.description, IMPORTED_BY, g.createdDate],
    );
    ids.push(String(inserted[0]!.id));
  }
  return ids;
}

export interface ImportedMember {
  groupId: string;
  orgId: string;
}

export async function insertImportedMembers(
  tx: SqlClient,
  rows: readonly ImportedMember[],
): Promise<string[]> {
  await tx.query(
    `INSERT INTO org_group_member (org_group_id, org_id, added_by)
     SELECT g, o, $3 FROM unnest($1::bigint[], $2::text[]) AS m(g, o)
     ON CONFLICT DO NOTHING`,
    [rows.map((m) => m.groupId), rows.map((m) => m.orgId), IMPORTED_BY],
  );
  return rows.map((m) => `${m.groupId}:${m.orgId}`);
}

export interface ImportedFilter {
  listKey: string;
  name: string;
  query: unknown;
  createdBy: string | null;
}

export async function insertImportedFilters(
  tx: SqlClient,
  rows: readonly ImportedFilter[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const f of rows) {
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO saved_filter (list_key, name, query, created_by) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [f.listKey, f.name, JSON.stringify(f.query), f.createdBy],
    );
    ids.push(String(inserted[0]!.id));
  }
  return ids;
}
