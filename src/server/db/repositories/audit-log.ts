// The audit trail of change actions: who did what to which target, and how it ended.
import type { SqlClient } from '../database';

export interface AuditEntry {
  actor: string;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome: 'success' | 'denied' | 'failed';
  details?: Record<string, unknown>;
}

/**
 * Writes one row. Pass the change's own transaction client, so the row commits (or rolls back)
 * with the change it records.
 */
export async function writeAudit(db: SqlClient, entry: AuditEntry): Promise<void> {
  await writeAuditRow(db, entry);
}

/** writeAudit that answers the row's id. */
export async function writeAuditRow(db: SqlClient, entry: AuditEntry): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO audit_log (actor, action, target_type, target_id, outcome, details)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [
      entry.actor,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      entry.outcome,
      JSON.stringify(entry.details ?? {}),
    ],
  );
  return rows[0]!.id;
}

/** Whether a row written in a transaction that may have rolled back was committed. */
export async function auditRowExists(db: SqlClient, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM audit_log WHERE id = $1`, [id]);
  return rows.length > 0;
}
