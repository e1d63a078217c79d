// Reads behind the group screens and the group picker.
import type { OrgGroup } from '../../../domain';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { SqlBuilder } from '../lists/sql-builder';
import { escapeLike } from '../../../domain';
import { ORG_GROUP_SELECT } from './org-reads';

export interface OrgGroupFilter {
  /** Name or description contains (case-insensitive). */
  text?: string | undefined;
  excludeId?: number | undefined;
  type?: string | undefined;
}

export async function listOrgGroups(db: SqlClient, filter: OrgGroupFilter): Promise<OrgGroup[]> {
  const b = new SqlBuilder();
  const where: string[] = [];
  if (filter.text?.trim()) {
    const pattern = b.param(`%${escapeLike(filter.text.trim().toLowerCase())}%`);
    where.push(
      `(lower(g.name) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(g.description, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (filter.excludeId !== undefined) where.push(`g.id <> ${b.param(filter.excludeId)}`);
  if (filter.type && filter.type !== 'All') where.push(`g.type = ${b.param(filter.type)}`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${ORG_GROUP_SELECT} FROM org_group g
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY lower(g.name), g.id`,
    b.params,
  );
  return rows.map((row) => toJsonRow<OrgGroup>(row));
}

export async function findOrgGroup(db: SqlClient, id: number): Promise<OrgGroup | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${ORG_GROUP_SELECT} FROM org_group g WHERE g.id = $1`,
    [id],
  );
  return rows[0] ? toJsonRow<OrgGroup>(rows[0]) : null;
}
