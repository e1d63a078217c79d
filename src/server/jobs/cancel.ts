// Cancel (docs/product.md "Background job states"): offered unless the job is at its last step or
// already canceled, and the server holds to the same rule. All the named jobs are checked first,
// then all canceled in one transaction: a request is never half-applied.
import type PgBoss from 'pg-boss';
import { canCancelAdminJob } from '../../domain/actions';
import { writeAudit } from '../db/repositories/audit-log';
import { lockJobs, markCanceled } from '../db/repositories/admin-jobs';
import type { Database } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import type { LivePublisher } from '../live/live-channel';
import { inTransaction, queueNameOf } from './queues';

export interface CancelDeps {
  db: Database;
  boss: PgBoss;
  live: LivePublisher;
}

/** Cancels queued jobs at once and flags running ones (their worker stops at its next check). */
export async function cancelJobs(
  deps: CancelDeps,
  jobIds: readonly string[],
  actor: string,
): Promise<void> {
  const ids = [...new Set(jobIds)];
  const { queued, running } = await deps.db.transaction(async (tx) => {
    const rows = await lockJobs(tx, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw new NotFoundError(`There is no background job with id ${id}.`);
      if (row.status !== 'Queued' && row.status !== 'Running') {
        throw new ConflictError(`${row.name}: this job has already finished (${row.status}).`);
      }
      // The rule is the one the web app uses to offer Cancel; the user's right was checked by
      // the route (read-only users get 403 before this).
      const verdict = canCancelAdminJob(
        { username: actor, read_only: false },
        { stepIndex: row.step_index, stepCount: row.step_count, canceled: row.canceled },
      );
      if (!verdict.allowed) throw new ConflictError(`${row.name}: ${verdict.reason}`);
    }
    const queued = rows.filter((row) => row.status === 'Queued');
    const running = rows.filter((row) => row.status === 'Running');
    for (const row of queued) {
      await markCanceled(tx, row.id, true);
      await deps.boss.cancel(queueNameOf(row.type), row.id, { db: inTransaction(tx) });
    }
    for (const row of running) await markCanceled(tx, row.id, false);
    for (const row of rows) {
      await writeAudit(tx, {
        actor,
        action: 'job.cancel',
        targetType: 'admin_job',
        targetId: row.id,
        outcome: 'success',
        details: { type: row.type, status: row.status },
      });
    }
    return { queued: queued.map((row) => row.id), running: running.map((row) => row.id) };
  });
  if (queued.length > 0) {
    deps.live.publish('job-queue', { ids: queued });
    deps.live.publish('job-history', { ids: queued });
  }
  if (running.length > 0) deps.live.publish('jobs', { ids: running });
}
