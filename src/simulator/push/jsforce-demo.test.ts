// The "done" criterion: a plain jsforce script signs in with the password grant, queries licenses,
// creates a push request with 200 jobs, activates it and watches it finish. This runs the very
// script in scripts/jsforce-push-demo.ts against a demo-dataset simulator on the manual clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPushDemo } from '../../../scripts/jsforce-push-demo';
import type { RunningSimulator } from '../index';
import { startTestSimulator } from '../test-support';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ dataset: 'demo', failureRate: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

describe('scripts/jsforce-push-demo.ts', () => {
  it('pushes 200 jobs to completion and reports failures with their errors', async () => {
    const lines: string[] = [];
    const result = await runPushDemo({
      loginUrl: sim.url,
      pollMs: 0,
      beforePoll: () => {
        sim.control.advance(5_000);
      },
      log: (line) => lines.push(line),
    });
    expect(result.licenses).toBeGreaterThan(3_000);
    expect(result.jobsCreated).toBe(200);
    expect(result.jobsRejected).toBe(0);
    expect(result.succeeded + result.failed).toBe(200);
    expect(result.failed).toBeGreaterThan(0);
    expect(result.status).toBe('Failed');
    expect(result.errorRows).toBeGreaterThanOrEqual(result.failed);
    expect(lines.some((l) => l.includes('InProgress'))).toBe(true);
    expect(lines.at(-1)).toBe('Push request finished: Failed');
  });
});
