// Test helpers for the job engine: job definitions whose steps wait on promises the test
// controls, a live publisher that records what was published, fast engine timings, and a quiet
// engine started in the test's process.
import type { ServerEventName } from '../../../domain/live-events';
import type { Database } from '../../db/database';
import type { LivePublisher } from '../../live/live-channel';
import { createJobEngine, type JobEngine, type JobTiming } from '../engine';
import { createJobLogger, silentJobLogger } from '../job-logger';
import type { JobContext, JobDefinition, JobType } from '../types';

/** A promise the test resolves when it wants the step to go on. */
export class Gate {
  readonly promise: Promise<void>;
  private resolveGate: () => void = () => {};
  constructor() {
    this.promise = new Promise((resolve) => (this.resolveGate = resolve));
  }
  open(): void {
    this.resolveGate();
  }
}

export interface RecordedEvent {
  event: ServerEventName;
  ids: (string | number)[];
}

export class RecordingLive implements LivePublisher {
  readonly events: RecordedEvent[] = [];
  publish(event: ServerEventName, payload: { ids?: (string | number)[] }): void {
    this.events.push({ event, ids: payload.ids ?? [] });
  }
  /** Whether `event` was published naming `id`. */
  saw(event: ServerEventName, id: string): boolean {
    return this.events.some((entry) => entry.event === event && entry.ids.includes(id));
  }
}

/** Fast heartbeats and polls, so tests do not wait on production periods. */
export const FAST_TIMING: Partial<JobTiming> = {
  heartbeatMs: 100,
  progressThrottleMs: 50,
  pollingSeconds: 0.5,
  sweepEveryMs: 500,
  shutdownGraceMs: 2000,
};

export interface StepCall {
  jobId: string;
  step: string;
  context: JobContext;
}

/**
 * A definition whose steps each wait for the test to open the job's gate for that step.
 * `calls` records every step that started, in order; `gate(jobId, step)` opens one.
 */
export class GatedJobs {
  readonly calls: StepCall[] = [];
  private readonly gates = new Map<string, Gate>();

  gate(jobId: string, step: string): Gate {
    const key = `${jobId}/${step}`;
    let gate = this.gates.get(key);
    if (!gate) {
      gate = new Gate();
      this.gates.set(key, gate);
    }
    return gate;
  }

  /** Opens every gate, present and future, so that nothing waits any more (test clean-up). */
  openAll(): void {
    this.opened = true;
    for (const gate of this.gates.values()) gate.open();
  }
  private opened = false;

  started(jobId: string, step?: string): boolean {
    return this.calls.some((call) => call.jobId === jobId && (!step || call.step === step));
  }

  definition(type: JobType, steps: string[], name = `Test ${type}`): JobDefinition {
    return {
      type,
      name: () => name,
      steps: () =>
        steps.map((step) => ({
          name: step,
          run: async (context: JobContext) => {
            this.calls.push({ jobId: context.jobId, step, context });
            const gate = this.gate(context.jobId, step);
            if (this.opened) gate.open();
            await gate.promise;
          },
        })),
    };
  }
}

/**
 * For the child processes the restart and crash tests kill with SIGKILL: a job engine worker on
 * the test's database running `definitions`; prints 'ready' once it polls for jobs.
 */
export async function runTestWorker(
  db: Database,
  definitions: readonly JobDefinition[],
): Promise<void> {
  const engine = await createJobEngine({
    db,
    live: new RecordingLive(),
    log: createJobLogger('warn', (line) => void process.stderr.write(line)),
    role: 'worker',
    timing: FAST_TIMING,
    definitions,
  });
  await engine.startWorker();
  process.stdout.write('ready\n');
}

/**
 * A job engine running `definitions` in this process (ROLE all) on the test's database, quiet,
 * on FAST_TIMING, its worker started; the test stops it.
 */
export async function startTestEngine(
  db: Database,
  definitions: readonly JobDefinition[],
): Promise<JobEngine> {
  const engine = await createJobEngine({
    db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'all',
    timing: FAST_TIMING,
    definitions,
  });
  await engine.startWorker();
  return engine;
}
