// Test tiers (docs/architecture §6): pure domain, simulator, server on a real database,
// web components in happy-dom, and browser end-to-end tests in Chromium.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
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
          include: ['src/server/**/*.test.ts', 'test/support/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
