// Vitest global setup of the e2e project (vitest.config.ts): the demo template every browser file
// but sign-in.test.ts starts on (test/support/demo-template.ts). Every such file will ask for it,
// so its build starts at once, in the background: the other projects' files run meanwhile, and
// each browser file waits for the template in its own beforeAll. Vitest runs this only when e2e
// files are in the run, and without Chromium it builds nothing (the files fail at their start,
// test/e2e/harness.ts), so `npm test` without Chromium (scripts/test.mjs leaves the project out)
// starts nothing here.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { provideDemoTemplate } from '../support/demo-template-setup';

export default function setup(project: TestProject): () => Promise<void> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return provideDemoTemplate(project, { buildNow: existsSync(chromium) });
}
