// Vitest global setup of the e2e project (vitest.config.ts): builds the demo template the browser
// files start on (test/e2e/demo-template.ts). Vitest runs it only when e2e files are in the run,
// so `npm test` without Chromium (scripts/test.mjs leaves the project out) starts nothing here.
// The build runs in the background: the other projects' files run meanwhile, and each browser
// file waits for the template in its own beforeAll.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoTemplate, refuseDemoTemplate } from './demo-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo template's folder (test/e2e/demo-template.ts). */
    demoTemplate: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'pushboard-e2e-template-'));
  project.provide('demoTemplate', folder);
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  // Without a browser the files fail at their first page anyway: no console for nothing.
  const built = existsSync(chromium)
    ? buildDemoTemplate(folder)
    : Promise.resolve(refuseDemoTemplate(folder, `no Chromium at ${chromium}`));
  return async () => {
    await built;
    rmSync(folder, { recursive: true, force: true });
  };
}
