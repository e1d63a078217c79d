// JOB_SCHEDULES timers that fire once across all processes.
//
// Why time slots and not pg-boss cron: the intervals are in seconds, minutes, hours or days, and
// cron cannot say "every 90 seconds" or "every 3 days" exactly. Instead time is cut into slots of
// the interval, aligned to the Unix epoch (so UTC midnight for days, never server-local time),
// and every process with a timer tries to claim the current slot of a schedule in job_schedule
// (see claimScheduleSlot). The row lock lets exactly one claim per slot win, in the same
// transaction that queues the job, so a schedule fires once per slot however many processes run
// it, and keeps firing while any one of them is alive. A process that starts inside a slot that
// has not fired yet fires it at once: a fresh server does not wait a whole interval (the
// console Pushboard replaces made its first full fetch wait until after the next midnight plus a
// day).
import type { JobSchedules } from '../config';
import type { JobLogger } from './job-logger';
import type { JobType } from './types';

export interface ScheduledJob {
  /** The job_schedule key: a changed interval starts a new series. */
  key: string;
  type: JobType;
  /** null for the one-off demo full fetch. */
  intervalMs: number | null;
}

const SCHEDULE_KEYS: { key: keyof JobSchedules; type: JobType; unitMs: number }[] = [
  { key: 'org_monitor_interval_seconds', type: 'monitor-orgs', unitMs: 1000 },
  { key: 'fetch_interval_minutes', type: 'fetch', unitMs: 60_000 },
  { key: 'fetch_all_interval_days', type: 'fetch-all', unitMs: 86_400_000 },
  { key: 'upload_orgs_interval_hours', type: 'upload-orgs', unitMs: 3_600_000 },
  { key: 'upgrade_monitor_interval_seconds', type: 'fetch-upgrades', unitMs: 1000 },
];

/** Keys whose job type belongs to another engine (none since the upgrade monitor is a job). */
export const UNHANDLED_SCHEDULE_KEYS: (keyof JobSchedules)[] = [];

/**
 * Demo mode without JOB_SCHEDULES: fetch every 5 minutes, monitor the orgs every 4, and the
 * upgrades every 30 seconds, so a demo push moves on the screens while someone watches.
 */
export const DEMO_SCHEDULES: JobSchedules = {
  fetch_interval_minutes: 5,
  org_monitor_interval_seconds: 240,
  upgrade_monitor_interval_seconds: 30,
};

/** The recurring schedules, plus (demo mode) the full fetch of the first start. */
export function plannedSchedules(
  schedules: JobSchedules | undefined,
  demoMode: boolean,
): { recurring: ScheduledJob[]; once: ScheduledJob[] } {
  const effective = schedules ?? (demoMode ? DEMO_SCHEDULES : {});
  const recurring: ScheduledJob[] = [];
  for (const { key, type, unitMs } of SCHEDULE_KEYS) {
    const value = effective[key];
    // Missing, -1 (the documented "off") and 0 all mean off.
    if (value === undefined || value <= 0) continue;
    const intervalMs = value * unitMs;
    recurring.push({ key: `${type}:${intervalMs}`, type, intervalMs });
  }
  const once: ScheduledJob[] = demoMode
    ? [{ key: 'fetch-all:first-start', type: 'fetch-all', intervalMs: null }]
    : [];
  return { recurring, once };
}

export function slotOf(now: number, intervalMs: number): number {
  return Math.floor(now / intervalMs);
}

/** Fire a little after the slot starts, so that a process whose clock runs slightly behind the
 * others still lands in the new slot rather than retrying the old one. */
const SLOT_GRACE_MS = 250;
/** setTimeout cannot wait longer than ~24.8 days; long intervals wake up and check again. */
const MAX_WAIT_MS = 3_600_000;

export function msUntilNextSlot(now: number, intervalMs: number): number {
  return (slotOf(now, intervalMs) + 1) * intervalMs - now + SLOT_GRACE_MS;
}

/** One timer per recurring schedule; `fire` claims the slot and queues the job. */
export class ScheduleTimers {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly fire: (job: ScheduledJob, slot: number) => Promise<void>,
    private readonly log: JobLogger,
  ) {}

  start(planned: { recurring: ScheduledJob[]; once: ScheduledJob[] }): void {
    for (const job of planned.once) this.attempt(job, 0);
    for (const job of planned.recurring) this.tick(job);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.pending]);
  }

  private tick(job: ScheduledJob & { intervalMs: number | null }): void {
    if (this.stopped || job.intervalMs === null) return;
    const now = Date.now();
    this.attempt(job, slotOf(now, job.intervalMs));
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.tick(job);
      },
      Math.min(msUntilNextSlot(now, job.intervalMs), MAX_WAIT_MS),
    );
    this.timers.add(timer);
  }

  private attempt(job: ScheduledJob, slot: number): void {
    const running = this.fire(job, slot)
      .catch((error: unknown) =>
        this.log.error({ err: error, schedule: job.key }, 'a scheduled job could not be queued'),
      )
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }
}
