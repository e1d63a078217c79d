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

export async function writeAudit(db: SqlClient, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor, action, target_type, target_id, outcome, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      entry.actor,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      entry.outcome,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

/** Denied attempts of an action from one client within the last `minutes`. */
export async function countRecentDenials(
  db: SqlClient,
  action: string,
  client: string,
  minutes: number,
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM audit_log
     WHERE action = $1 AND outcome = 'denied' AND details->>'client' = $2
       AND at > now() - make_interval(mins => $3)`,
    [action, client, minutes],
  );
  return rows[0]?.count ?? 0;
}
