// How fast pushes run at each pace, and the schedule of one push: jobs start in creation order as
// one of a fixed number of parallel slots frees up; each job's duration and outcome come from the
// seed, so the same run always plays out the same way.
import { hashInts, hashString } from '../data/rng';
import type { SimPace } from './clock';

export interface PaceProfile {
  /** How many jobs of one request run at once. */
  readonly concurrency: number;
  /** Delay between the scheduled start and the request turning InProgress. */
  readonly startDelayMs: number;
  readonly minJobMs: number;
  readonly maxJobMs: number;
  /** Engine timer period (0: no timer, time only moves with advance()). */
  readonly tickMs: number;
}

const FAST: PaceProfile = {
  concurrency: 16,
  startDelayMs: 2_000,
  minJobMs: 3_000,
  maxJobMs: 6_000,
  tickMs: 250,
};

/** 'fast': 200 jobs × 4.5 s average / 16 slots ≈ 56 s, plus the 2 s start: about a minute. */
export const PACES: Readonly<Record<SimPace, PaceProfile>> = {
  instant: {
    concurrency: Number.POSITIVE_INFINITY,
    startDelayMs: 0,
    minJobMs: 0,
    maxJobMs: 0,
    tickMs: 200,
  },
  fast: FAST,
  realistic: {
    concurrency: 16,
    startDelayMs: 30_000,
    minJobMs: 20_000,
    maxJobMs: 180_000,
    tickMs: 1_000,
  },
  manual: { ...FAST, tickMs: 0 },
};

export interface PlannedJob {
  /** Index of the job in the PackagePushJob table. */
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly fails: boolean;
}

export function planJobs(
  jobIndexes: readonly number[],
  startMs: number,
  pace: PaceProfile,
  seed: number,
  orgId15: string,
  /** The chance that the job at a PackagePushJob index fails (0–1). */
  failureRate: (index: number) => number,
): PlannedJob[] {
  const stream = hashString(`push:${orgId15}`);
  // With enough slots for every job, all start at once (and the slot search is skipped).
  const parallel = pace.concurrency >= jobIndexes.length;
  const slots: number[] = parallel ? [] : Array.from({ length: pace.concurrency }, () => startMs);
  return jobIndexes.map((index) => {
    let slot = 0;
    for (let s = 1; s < slots.length; s++) if ((slots[s] ?? 0) < (slots[slot] ?? 0)) slot = s;
    const jobStart = parallel ? startMs : (slots[slot] ?? startMs);
    const spread = pace.maxJobMs - pace.minJobMs;
    const duration =
      pace.minJobMs + Math.floor((hashInts(seed, stream, index, 1) / 4294967296) * (spread + 1));
    if (!parallel) slots[slot] = jobStart + duration;
    return {
      index,
      startMs: jobStart,
      endMs: jobStart + duration,
      fails: hashInts(seed, stream, index, 2) / 4294967296 < failureRate(index),
    };
  });
}
