// The demo template (docs/architecture.md "Testing"). A demo console's first start spends most of
// its time on the first full fetch (and the demo rollout seeded after it): 38-75 s a file under CI
// load, paid by every file that started its own console to have the demo's data. Instead one
// console is started once (in Vitest's main process, demo-template-setup.ts), signed in over
// HTTP, left until its first fetch is complete and no job runs, and stopped with SIGTERM so that
// PGlite closes its files cleanly. Its DATA_DIR is the template: each file copies it into a fresh
// DATA_DIR of its own and starts there (start-on-demo-template.ts), which is a restart of that
// demo (src/main.ts: a new simulator, the demo orgs connected again, sign-ins ended, the pushes
// the old simulator forgot created again or stopped), not a first start.
//
// The template's folder is the whole protocol between the main process and the test files:
// a file asks for the template by writing REQUESTED, the main process builds it and writes READY
// (or FAILED with the reason), and the files wait for either.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cookieHeader, signInOverHttp, startConsole, type RunningConsole } from './console-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo template's folder (test/support/demo-template-setup.ts). */
    demoTemplate: string;
  }
}

/** Written by a test file that needs the template: the main process then builds it. */
const REQUESTED = 'requested';
/** Written into the template's folder when its data is ready to copy; the build's figures. */
const READY = 'ready.json';
/** Written instead when the template could not be made: the reason, for every waiting file. */
const FAILED = 'failed.txt';
/** The copy of the console's DATA_DIR inside the template's folder. */
const DATA = 'data';

/** A first fetch under the whole suite's load took up to 75 s; three times that is a failure. */
const BUILD_DEADLINE_MS = 240_000;

interface JobSummary {
  type: string;
  status: string;
}

/** The first full fetch (with the demo rollout it seeds) is Complete and no job runs or waits. */
async function settledAfterFirstFetch(url: string, cookie: string): Promise<boolean> {
  const res = await fetch(`${url}/api/admin/jobs`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/admin/jobs answered ${res.status}`);
  const jobs = (await res.json()) as {
    jobs: JobSummary[];
    queue: JobSummary[];
    history: { latest: JobSummary[] };
  };
  const fetched = jobs.history.latest.some(
    (j) => j.type === 'fetch-all' && j.status === 'Complete',
  );
  return fetched && jobs.jobs.length === 0 && jobs.queue.length === 0;
}

/** Whether some test file of this run has asked for the template. */
export const demoTemplateRequested = (folder: string) => existsSync(join(folder, REQUESTED));

/**
 * Starts a demo console on `<folder>/data` as `npm start` does (default settings), waits until
 * its first fetch is over and nothing runs, stops it cleanly and marks the folder ready. Never
 * throws: a failure (or `abandon`, when the run ends first) is written into the folder for the
 * files that wait on it.
 */
export async function buildDemoTemplate(folder: string, abandon?: AbortSignal): Promise<void> {
  const started = Date.now();
  const dataDir = join(folder, DATA);
  mkdirSync(dataDir, { recursive: true });
  let app: RunningConsole | undefined;
  try {
    app = await startConsole({}, { dataDir });
    // The read-only demo user: it may read the jobs and can change nothing.
    const { cookies } = await signInOverHttp(app.url, 'viewer@pushboard.demo');
    const cookie = cookieHeader(cookies);
    while (!(await settledAfterFirstFetch(app.url, cookie))) {
      if (abandon?.aborted) throw new Error('The test run ended before the template was made');
      if (Date.now() - started > BUILD_DEADLINE_MS)
        throw new Error(`The first fetch did not end within ${BUILD_DEADLINE_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A generous grace under load: killed rather than stopped, PGlite's files might not be
    // consistent, so that is no template.
    await app.stop(60_000);
    if (app.exitCode() !== 0) throw new Error(`The console did not stop cleanly on SIGTERM`);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    writeFileSync(join(folder, READY), JSON.stringify({ seconds }));
    console.log(`Demo template made in ${seconds} s (test/support/demo-template.ts)`);
  } catch (error) {
    await app?.stop();
    const reason = error instanceof Error ? error.message : String(error);
    writeFileSync(join(folder, FAILED), `${reason}\n${app?.output() ?? ''}`);
  }
}

/**
 * Asks for the template (the main process builds it once, for every file that asks) and answers
 * its DATA_DIR once it is ready; throws with the build's reason if it failed.
 */
export async function demoTemplateData(folder: string, timeoutMs = BUILD_DEADLINE_MS + 60_000) {
  writeFileSync(join(folder, REQUESTED), '');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(join(folder, READY))) return join(folder, DATA);
    if (existsSync(join(folder, FAILED)))
      throw new Error(`No demo template: ${readFileSync(join(folder, FAILED), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The demo template in ${folder} was not made`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
