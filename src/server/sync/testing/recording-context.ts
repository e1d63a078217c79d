// A real JobContext for tests and the benchmark: records what a job reports, cancels through an
// AbortController, and runs a definition's steps in order the way the engine does.
import { CanceledError } from '../../salesforce/retry';
import type { LivePublisher } from '../../live/live-channel';
import type { ServerEventName, ServerEventPayload } from '../../../domain/live-events';
import { stepCleanups } from '../../jobs/step-cleanups';
import type { JobContext, JobDefinition, JobStep } from '../../jobs/types';

export class RecordingContext implements JobContext {
  readonly jobId = 'test-job';
  readonly startedBy = 'test';
  readonly controller = new AbortController();
  readonly messages: string[] = [];
  readonly results: { message: string; details?: string[] }[] = [];
  readonly errors: unknown[] = [];

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  progress(message: string): void {
    this.messages.push(message);
  }

  result(message: string, details?: string[]): void {
    this.results.push({ message, ...(details ? { details } : {}) });
  }

  error(error: unknown): void {
    this.errors.push(error);
  }

  throwIfCanceled(): void {
    if (this.signal.aborted) throw new CanceledError();
  }

  cancel(): void {
    this.controller.abort(new CanceledError());
  }

  errorMessages(): string[] {
    return this.errors.map((e) => (e instanceof Error ? e.message : String(e)));
  }
}

/**
 * Runs every step like the engine: canceled between steps, stops at the first thrown error, then
 * runs the started steps' cleanups (a cleanup's error is thrown when nothing else was).
 */
export async function runJob(
  definition: JobDefinition,
  params: Record<string, unknown> = {},
  context = new RecordingContext(),
): Promise<RecordingContext> {
  const started: JobStep<Record<string, unknown>>[] = [];
  const cleanUp = async () => {
    const failures = await stepCleanups(started, context);
    for (const { error } of failures) context.error(error);
    return failures;
  };
  try {
    for (const step of definition.steps(params)) {
      context.throwIfCanceled();
      context.progress(step.name);
      started.push(step);
      await step.run(context, params);
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const [failure] = await cleanUp();
  if (failure) throw failure.error;
  return context;
}

export interface PublishedEvent {
  event: ServerEventName;
  payload: unknown;
}

export class RecordingLive implements LivePublisher {
  readonly events: PublishedEvent[] = [];

  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.events.push({ event, payload });
  }

  named(event: ServerEventName): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.payload);
  }
}
