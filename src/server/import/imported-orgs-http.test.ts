// Connected orgs imported without the old console's key reach the Connected Orgs screen's data
// as needing a re-connect, with the reason the screen shows under the status (over HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionHeaders } from '../http/test-session';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../http/testing/test-app';
import { SecretBox } from '../secrets';
import { runImport } from './run-import';
import { RECONNECT_REASON } from './steps-groups';
import { generateOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('imported connected orgs on the Connected Orgs screen', () => {
  let old: OldConsoleDatabase;
  let test: TestApp;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    await generateOldConsole(old.pool);
    test = await startTestApp();
  });
  afterAll(async () => {
    await test?.close();
    await old?.drop();
  });

  it('lists them as Invalid with "Imported from the old console: sign in again to connect"', async () => {
    const report = await runImport({
      from: old.pool,
      target: test.testDb.db,
      apply: true,
      secrets: new SecretBox(TEST_SECRET_KEY),
    });
    expect(report.failure).toBeUndefined();
    const res = await test.app.inject({
      url: '/api/packageorgs',
      headers: await sessionHeaders(test.testDb.db),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; status_reason: string | null }[]>();
    expect(body).toHaveLength(3);
    for (const org of body) {
      expect(org).toMatchObject({ status: 'Invalid', status_reason: RECONNECT_REASON });
    }
    expect(res.body).not.toMatch(/token_enc|refresh_token|access_token/);
  });
});
