// Vitest global setup of the projects whose files start on the demo template (demo-template.ts):
// server (test/process/cli.test.ts), security (input and live-and-activation) and e2e (through
// test/e2e/global-setup.ts). Vitest runs a project's global setup whenever the project has a file
// in the run, and the server project always has, so this starts nothing by itself: it makes an
// empty folder, and the template is built in this main process only once a test file asks for it
// there (or at once when the e2e project says so). One folder and one build serve every project of
// the run: each project's setup imports this module afresh, so the shared state lives on
// globalThis, and the last project's teardown removes the folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoTemplate, demoTemplateRequested } from './demo-template';

interface SharedTemplate {
  folder: string;
  /** Projects whose setup ran and whose teardown has not. */
  projects: number;
  /** Looks for a file's request until the build starts. */
  watch: NodeJS.Timeout;
  build?: Promise<void>;
  /** Abandons a build still waiting for its fetch when the run ends. */
  runEnded: AbortController;
}

const SHARED = Symbol.for('pushboard.demoTemplate');
const registry = globalThis as typeof globalThis & { [SHARED]?: SharedTemplate };

function startBuild(template: SharedTemplate): void {
  clearInterval(template.watch);
  template.build ??= buildDemoTemplate(template.folder, template.runEnded.signal);
}

function sharedTemplate(): SharedTemplate {
  const existing = registry[SHARED];
  if (existing) return existing;
  const template: SharedTemplate = {
    folder: mkdtempSync(join(tmpdir(), 'pushboard-demo-template-')),
    projects: 0,
    watch: setInterval(() => {
      if (demoTemplateRequested(template.folder)) startBuild(template);
    }, 250),
    runEnded: new AbortController(),
  };
  // The watch alone never keeps Vitest from exiting.
  template.watch.unref();
  registry[SHARED] = template;
  return template;
}

/**
 * Gives the project's files the template's folder. `buildNow`: start the build at once, in the
 * background, because every file of the project will ask for it (the browser files).
 */
export function provideDemoTemplate(
  project: TestProject,
  { buildNow = false }: { buildNow?: boolean } = {},
): () => Promise<void> {
  const template = sharedTemplate();
  template.projects += 1;
  project.provide('demoTemplate', template.folder);
  if (buildNow) startBuild(template);
  return async () => {
    template.projects -= 1;
    if (template.projects > 0) return;
    clearInterval(template.watch);
    template.runEnded.abort();
    await template.build;
    rmSync(template.folder, { recursive: true, force: true });
    delete registry[SHARED];
  };
}

export default function setup(project: TestProject): () => Promise<void> {
  return provideDemoTemplate(project);
}
