// The waves of a staged rollout (upgrade_wave, migration 0021;
// docs/product.md "Staged rollouts"): written with the upgrade, moved through their states by the monitor and by people,
// and read with their jobs' outcome for the gate and the swimlanes. Every state change is a
// conditional UPDATE (… WHERE state = the expected one), so two writers, or a writer replayed
// after a crash, change a wave once.
import type { WaveState } from '../../../../domain/rollout-state';
import type { WaveOutcome } from '../../../../domain/rollout';
import type { SqlClient } from '../../database';

export interface NewWave {
  wave: number;
  label: string;
  startMode: 'gate' | 'person';
  orgCount: number;
}

export async function insertWaves(
  tx: SqlClient,
  upgradeId: number,
  waves: readonly NewWave[],
): Promise<void> {
  if (waves.length === 0) return;
  await tx.query(
    `INSERT INTO upgrade_wave (upgrade_id, wave, label, start_mode, org_count)
     SELECT $1, w.wave, w.label, w.start_mode, w.org_count
       FROM unnest($2::int[], $3::text[], $4::text[], $5::int[])
         AS w(wave, label, start_mode, org_count)`,
    [
      upgradeId,
      waves.map((w) => w.wave),
      waves.map((w) => w.label),
      waves.map((w) => w.startMode),
      waves.map((w) => w.orgCount),
    ],
  );
}

export async function setRolloutPlan(tx: SqlClient, upgradeId: number, plan: unknown) {
  await tx.query(`UPDATE upgrade SET rollout_plan = $2 WHERE id = $1`, [
    upgradeId,
    JSON.stringify(plan),
  ]);
}

/** The plan an upgrade was scheduled with, or null when it has none. */
export async function findRolloutPlan(db: SqlClient, upgradeId: number): Promise<unknown> {
  const { rows } = await db.query<{ rollout_plan: unknown }>(
    `SELECT rollout_plan FROM upgrade WHERE id = $1`,
    [upgradeId],
  );
  return rows[0]?.rollout_plan ?? null;
}

export interface WaveRow {
  wave: number;
  label: string;
  start_mode: 'gate' | 'person';
  org_count: number;
  state: WaveState;
  started_at: Date | null;
  started_by: string | null;
  passed_at: Date | null;
  halted_at: Date | null;
  halt_reason: string | null;
  resumed_at: Date | null;
  resumed_by: string | null;
  resume_comment: string | null;
  skipped_at: Date | null;
  skipped_by: string | null;
  skip_comment: string | null;
}

export async function loadWaves(db: SqlClient, upgradeId: number): Promise<WaveRow[]> {
  const { rows } = await db.query<WaveRow>(
    `SELECT wave, label, start_mode, org_count, state, started_at, started_by, passed_at,
            halted_at, halt_reason, resumed_at, resumed_by, resume_comment, skipped_at,
            skipped_by, skip_comment
       FROM upgrade_wave WHERE upgrade_id = $1 ORDER BY wave`,
    [upgradeId],
  );
  return rows;
}

/** A wave's jobs by status, and what the gate reads of them. */
export interface WaveJobCounts {
  wave: number;
  counts: Record<string, number>;
  outcome: WaveOutcome;
}

/**
 * Every wave's job counts and gate outcome: orgs with a pushed (not Ineligible) job, orgs with a
 * Failed job, jobs still open, and when the last job ended as Pushboard recorded it (the job's
 * last change here, on this clock: the soak cannot be shortened or stretched by Salesforce's).
 */
export async function waveJobCounts(db: SqlClient, upgradeId: number): Promise<WaveJobCounts[]> {
  const { rows } = await db.query<{
    wave: number;
    status: string;
    jobs: number;
    orgs: number;
    ended: Date | null;
  }>(
    `SELECT i.wave, j.status, count(*)::int AS jobs, count(DISTINCT j.org_id)::int AS orgs,
            max(j.modified_date) AS ended
       FROM upgrade_item i JOIN upgrade_job j ON j.item_id = i.id
      WHERE i.upgrade_id = $1 AND i.wave IS NOT NULL
      GROUP BY i.wave, j.status`,
    [upgradeId],
  );
  const orgs = await db.query<{ wave: number; pushed: number; failed: number }>(
    `SELECT i.wave,
            count(DISTINCT j.org_id) FILTER (WHERE j.status <> 'Ineligible')::int AS pushed,
            count(DISTINCT j.org_id) FILTER (WHERE j.status = 'Failed')::int AS failed
       FROM upgrade_item i JOIN upgrade_job j ON j.item_id = i.id
      WHERE i.upgrade_id = $1 AND i.wave IS NOT NULL
      GROUP BY i.wave`,
    [upgradeId],
  );
  const byWave = new Map<number, WaveJobCounts>();
  for (const { wave, pushed, failed } of orgs.rows) {
    byWave.set(wave, {
      wave,
      counts: {},
      outcome: { total: pushed, failed, open: 0, endedAt: null },
    });
  }
  const lastEnd = new Map<number, number>();
  for (const row of rows) {
    const entry = byWave.get(row.wave);
    if (!entry) continue;
    entry.counts[row.status] = row.jobs;
    if (OPEN.has(row.status)) {
      entry.outcome = { ...entry.outcome, open: entry.outcome.open + row.jobs };
    } else if (row.ended) {
      lastEnd.set(row.wave, Math.max(lastEnd.get(row.wave) ?? 0, new Date(row.ended).getTime()));
    }
  }
  for (const entry of byWave.values()) {
    const ended = lastEnd.get(entry.wave);
    if (entry.outcome.open === 0 && ended !== undefined) {
      entry.outcome = { ...entry.outcome, endedAt: new Date(ended) };
    }
  }
  return [...byWave.values()];
}

const OPEN = new Set(['Created', 'Pending', 'InProgress']);

/** Wave → Started (from Waiting); answers whether this call changed it. */
export async function markWaveStarted(
  tx: SqlClient,
  upgradeId: number,
  wave: number,
  by: string | null,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE upgrade_wave SET state = 'Started', started_at = now(), started_by = $3
      WHERE upgrade_id = $1 AND wave = $2 AND state = 'Waiting'`,
    [upgradeId, wave, by],
  );
  return (rowCount ?? 0) > 0;
}

export async function markWavePassed(tx: SqlClient, upgradeId: number, wave: number) {
  const { rowCount } = await tx.query(
    `UPDATE upgrade_wave SET state = 'Passed', passed_at = now()
      WHERE upgrade_id = $1 AND wave = $2 AND state = 'Started'`,
    [upgradeId, wave],
  );
  return (rowCount ?? 0) > 0;
}

export async function markWaveHalted(
  tx: SqlClient,
  upgradeId: number,
  wave: number,
  reason: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE upgrade_wave SET state = 'Halted', halted_at = now(), halt_reason = $3
      WHERE upgrade_id = $1 AND wave = $2 AND state = 'Started'`,
    [upgradeId, wave, reason],
  );
  return (rowCount ?? 0) > 0;
}

export async function markWaveResumed(
  tx: SqlClient,
  upgradeId: number,
  wave: number,
  by: string | null,
  comment: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE upgrade_wave
        SET state = 'Started', resumed_at = now(), resumed_by = $3, resume_comment = $4
      WHERE upgrade_id = $1 AND wave = $2 AND state = 'Halted'`,
    [upgradeId, wave, by, comment],
  );
  return (rowCount ?? 0) > 0;
}

export async function markWaveSkipped(
  tx: SqlClient,
  upgradeId: number,
  wave: number,
  by: string | null,
  comment: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE upgrade_wave
        SET state = 'Skipped', skipped_at = now(), skipped_by = $3, skip_comment = $4
      WHERE upgrade_id = $1 AND wave = $2 AND state = 'Waiting'`,
    [upgradeId, wave, by, comment],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Waves still Waiting whose requests went out anyway: an activation that Salesforce accepted
 * and a crash kept from being written; the monitor's reconcile has since read the requests.
 */
export async function wavesAlreadyRunning(db: SqlClient, upgradeId: number): Promise<number[]> {
  const { rows } = await db.query<{ wave: number }>(
    `SELECT w.wave FROM upgrade_wave w
      WHERE w.upgrade_id = $1 AND w.state = 'Waiting'
        AND EXISTS (SELECT 1 FROM upgrade_item i
                     WHERE i.upgrade_id = w.upgrade_id AND i.wave = w.wave
                       AND i.status IN ('Pending', 'InProgress', 'Succeeded', 'Failed'))
      ORDER BY w.wave`,
    [upgradeId],
  );
  return rows.map((r) => r.wave);
}

/** The org ids planned in a wave (for the maintenance check before it starts). */
export async function waveOrgIds(
  db: SqlClient,
  upgradeId: number,
  wave: number,
): Promise<string[]> {
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT DISTINCT trim(p.org_id) AS org_id
       FROM upgrade_item i JOIN upgrade_item_plan p ON p.item_id = i.id
      WHERE i.upgrade_id = $1 AND i.wave = $2`,
    [upgradeId, wave],
  );
  return rows.map((r) => r.org_id);
}
