// The services are built before the job engine (the engine's job definitions use them), so the
// services that queue jobs reach the engine through this relay, which forwards once it is
// attached. The composition root attaches the engine before any request can arrive.
import type { JobEngine } from './engine';

/** What a service needs of the engine: queueing a job. */
export type JobStarter = Pick<JobEngine, 'start'>;

export class JobRelay implements JobStarter {
  private target: JobStarter | undefined;

  attach(target: JobStarter): void {
    this.target = target;
  }

  start(...args: Parameters<JobEngine['start']>): ReturnType<JobEngine['start']> {
    if (!this.target) {
      return Promise.reject(new Error('The job engine is not attached yet.'));
    }
    return this.target.start(...args);
  }
}
