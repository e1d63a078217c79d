// Saved filters: named column filters per list, shared by everyone who uses the console.
import type { ColumnFilter, SavedFilter } from '../../../domain';
import type { SqlClient } from '../database';

const SELECT = `id, list_key AS key, name, query, created_by`;

export async function listSavedFilters(db: SqlClient, key: string): Promise<SavedFilter[]> {
  const { rows } = await db.query<SavedFilter>(
    `SELECT ${SELECT} FROM saved_filter WHERE list_key = $1 ORDER BY lower(name), id`,
    [key],
  );
  return rows;
}

export async function findSavedFilter(db: SqlClient, id: number): Promise<SavedFilter | null> {
  const { rows } = await db.query<SavedFilter>(`SELECT ${SELECT} FROM saved_filter WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** Whether another filter of the list already has the name (names are unique per list). */
export async function savedFilterNameTaken(
  db: SqlClient,
  key: string,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM saved_filter WHERE list_key = $1 AND lower(name) = lower($2)
       AND ($3::bigint IS NULL OR id <> $3::bigint)`,
    [key, name, exceptId],
  );
  return rows.length > 0;
}

export async function insertSavedFilter(
  db: SqlClient,
  filter: { key: string; name: string; query: readonly ColumnFilter[]; createdBy: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO saved_filter (list_key, name, query, created_by) VALUES ($1, $2, $3::jsonb, $4)
     RETURNING id`,
    [filter.key, filter.name, JSON.stringify(filter.query), filter.createdBy],
  );
  return rows[0]!.id;
}

export async function updateSavedFilter(
  db: SqlClient,
  filter: { id: number; name: string; query: readonly ColumnFilter[] },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE saved_filter SET name = $2, query = $3::jsonb, updated_at = now() WHERE id = $1`,
    [filter.id, filter.name, JSON.stringify(filter.query)],
  );
  return rowCount > 0;
}

export async function deleteSavedFilter(db: SqlClient, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM saved_filter WHERE id = $1`, [id]);
  return rowCount > 0;
}
