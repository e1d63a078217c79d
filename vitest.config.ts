// Test tiers (docs/architecture.md "Testing"): pure domain, simulator, server on a real database,
// web components in happy-dom, and browser end-to-end tests in Chromium.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, yet most test
    // files spend their time waiting on PostgreSQL, child processes and Chromium: three at once
    // took the whole suite from 438 s to 310 s there, with every test passing.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['src/simulator/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/cli/**/*.test.ts',
            'test/support/**/*.test.ts',
            'test/process/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The demo template test/process/cli.test.ts starts on, built only once a file asks
          // (test/support/demo-template-setup.ts).
          globalSetup: ['test/support/demo-template-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        // The black-box security suite: the real process as `npm start` runs it, attacked over
        // raw HTTP and socket.io (docs/security.md).
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // A file's beforeAll may wait for the demo template (up to its build deadline) and then
          // start its console.
          hookTimeout: 300_000,
          // The demo template the files that need the demo's data start on, built only once a
          // file asks (test/support/demo-template-setup.ts).
          globalSetup: ['test/support/demo-template-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // A file's beforeAll may wait for the demo template (up to its build deadline) and then
          // start its console.
          hookTimeout: 300_000,
          // One demo console's first fetch, made once and copied by every file that starts on it
          // (test/support/demo-template.ts), its build started at once when Chromium is there:
          // the files no longer each wait 38-75 s for their own.
          globalSetup: ['test/e2e/global-setup.ts'],
          // Each browser file starts its own console on free ports with its own data, so the files
          // run beside the other tiers. (With fileParallelism off, Vitest runs them one by one
          // after every other file has finished: minutes at the end with one file running.)
        },
      },
    ],
  },
});
