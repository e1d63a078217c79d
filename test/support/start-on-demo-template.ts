// Starts Pushboard as `npm start` does on a copy of the demo template (demo-template.ts): for a
// test file of a project whose global setup is demo-template-setup.ts.
import { inject } from 'vitest';
import { startConsole, type RunningConsole } from './console-process';
import { demoTemplateData } from './demo-template';

/**
 * Starts Pushboard on a copy of the demo template: a restart of a demo whose first fetch is done
 * (its data, its job history, the demo rollout), so the lists have their rows at once. The first
 * file to call it has the template built (or waits for the build already running).
 * `prepare` writes into the copy before the start (e.g. a file's own groups).
 */
export async function startOnDemoTemplate(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningConsole> {
  const folder = inject('demoTemplate');
  if (!folder)
    throw new Error(
      "No demo template here: add test/support/demo-template-setup.ts to this project's globalSetup (vitest.config.ts)",
    );
  const template = await demoTemplateData(folder);
  return startConsole(env, { copyOf: template, prepare });
}
