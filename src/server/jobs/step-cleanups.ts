// The cleanups of a job's started steps (JobStep.cleanup), run by the engine once the steps are
// over and by the tests' step runner alike: last started first, each one whatever the others did.
import type { JobContext, JobStep } from './types';

export interface CleanupFailure<P> {
  step: JobStep<P>;
  error: unknown;
}

export async function stepCleanups<P>(
  started: readonly JobStep<P>[],
  context: JobContext,
): Promise<CleanupFailure<P>[]> {
  const failures: CleanupFailure<P>[] = [];
  for (const step of [...started].reverse()) {
    if (!step.cleanup) continue;
    try {
      await step.cleanup(context);
    } catch (error) {
      failures.push({ step, error });
    }
  }
  return failures;
}
