// What the crash tests of activation and of a rollout's wave transitions share: counting the
// simulator's activations of each push request, and the child process (activate-worker-process.ts)
// they kill with SIGKILL while it asks Salesforce.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { PushEngine } from '../../../../../test/support/salesforce-simulator';
import type { SyncHarness } from '../../../sync/testing/sync-harness';

/** Every activation the simulator's push engine performs, per push request (ms of each). */
export function countActivations(): { activations: Map<string, number[]>; restore: () => void } {
  const activations = new Map<string, number[]>();
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const activate = PushEngine.prototype.activate;
  // The spy calls the real engine with its `this`.
  const spy = vi.spyOn(PushEngine.prototype, 'activate').mockImplementation(function (
    this: PushEngine,
    context,
    requestId,
    activatedMs,
  ) {
    activations.set(requestId, [...(activations.get(requestId) ?? []), activatedMs]);
    activate.call(this, context, requestId, activatedMs);
  });
  return { activations, restore: () => spy.mockRestore() };
}

export interface CrashWorker {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Starts the worker for an upgrade: it connects the simulator's orgs, prints 'ready', and acts
 * (activates, or with `advance` runs the monitor's next step) once a line comes on its stdin.
 */
export function spawnCrashWorker(
  h: SyncHarness,
  upgradeId: number,
  action: 'activate' | 'advance' = 'activate',
): CrashWorker {
  const script = fileURLToPath(new URL('./activate-worker-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      DATABASE_URL: h.testDb.url,
      SIM_URL: h.sim.url,
      UPGRADE_ID: String(upgradeId),
      ACTION: action,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}
