// The app most HTTP tests run against: built on a fresh test database (or on one a harness already
// made), with the test secret key and no request log, ready for inject, closed with one call, so
// each file states only what differs from the usual setup.
import { loadConfig, type Config } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { buildApp } from '../app';
import type { AppDeps, AppInstance } from '../app-instance';

/** The SECRET_KEY every test app is built with. */
export const TEST_SECRET_KEY = 'k'.repeat(64);

export interface TestAppOptions {
  /** Environment the config is read from; ignored when `config` is given. */
  env?: Record<string, string>;
  config?: Config;
  /** A database made elsewhere (a sync harness's): used as is and left to its owner on close. */
  testDb?: TestDatabase;
  /** Other parts of the app: services, prebuilt, jobs, webDir and the like. */
  deps?: Partial<Omit<AppDeps, 'config' | 'db'>>;
  /** Runs before the app is made ready: to add a route only the test needs, or wire its live channel. */
  beforeReady?: (app: AppInstance) => void;
}

export interface TestApp {
  app: AppInstance;
  testDb: TestDatabase;
  /** Closes the app, then drops the database if this helper made it. */
  close: () => Promise<void>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDatabase());
  const config = options.config ?? loadConfig(options.env ?? {});
  let app: AppInstance;
  try {
    app = await buildApp(
      { secretKey: TEST_SECRET_KEY, ...options.deps, config, db: testDb.db },
      { logger: false },
    );
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    if (!options.testDb) await testDb.drop();
    throw error;
  }
  return {
    app,
    testDb,
    close: async () => {
      await app.close();
      if (!options.testDb) await testDb.drop();
    },
  };
}
