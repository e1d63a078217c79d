// One audit row per change attempt, committed with the change itself. A change that writes
// locally calls `record(tx, …)` inside its own transaction, so a rolled-back change leaves no
// 'success' row and a committed one always has its row. When the attempt fails, the row says
// 'failed' (or 'denied' for a policy refusal) with the message, unless the change already
// recorded its outcome in a transaction that committed (a partial success says so itself).
import type { Actor } from '../../actor';
import type { SqlClient } from '../../db/database';
import { auditRowExists, writeAuditRow } from '../../db/repositories/audit-log';
import { ForbiddenError } from '../../errors';

export type AuditOutcome = 'success' | 'failed';

/** Writes the attempt's row on the change's transaction client. */
export type AuditRecorder = (
  tx: SqlClient,
  details?: Record<string, unknown>,
  outcome?: AuditOutcome,
) => Promise<void>;

export interface AuditTarget {
  type: string;
  id: string;
}

export async function audited<T>(
  db: SqlClient,
  actor: Actor,
  action: string,
  target: AuditTarget,
  details: Record<string, unknown>,
  fn: (record: AuditRecorder) => Promise<T>,
): Promise<T> {
  const written: number[] = [];
  const write = (
    client: SqlClient,
    outcome: 'success' | 'denied' | 'failed',
    more: Record<string, unknown>,
  ) =>
    writeAuditRow(client, {
      actor: actor.username,
      action,
      targetType: target.type,
      targetId: target.id,
      outcome,
      details: { ...details, ...more },
    });
  const record: AuditRecorder = async (tx, more = {}, outcome = 'success') => {
    written.push(await write(tx, outcome, more));
  };
  let result: T;
  try {
    result = await fn(record);
  } catch (error) {
    if (await anyCommitted(db, written)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await write(db, error instanceof ForbiddenError ? 'denied' : 'failed', { message });
    throw error;
  }
  // A call that wrote nothing locally (a repeated click answered with the earlier result) has no
  // transaction to join: its row is written on its own.
  if (!(await anyCommitted(db, written))) await write(db, 'success', { result });
  return result;
}

async function anyCommitted(db: SqlClient, ids: readonly number[]): Promise<boolean> {
  for (const id of ids) if (await auditRowExists(db, id)) return true;
  return false;
}
