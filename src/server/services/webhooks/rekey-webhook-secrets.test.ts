// Webhook secrets across a SECRET_KEY rotation: the rekey re-seals them under the new key
// (compare-and-set, a second run finds them current), and a delivery whose endpoint's secret no
// configured key opens fails at once saying what to do, instead of retrying for a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { findDelivery } from '../../db/repositories/webhook-deliveries';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { SecretBox } from '../../secrets';
import { createEndpoint } from './admin';
import { UNREADABLE_SECRET, deliverWebhook } from './deliver';
import { emitWebhookEvent } from './emit';
import { rekeyWebhookSecrets } from './rekey-webhook-secrets';

const admin: Actor = {
  username: 'admin-key',
  displayName: null,
  readOnly: false,
  authMethod: 'admin-key',
};
const OLD = 'old-key-0123456789abcdef0123456789abcdef';
const NEW = 'new-key-0123456789abcdef0123456789abcdef';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

describe('webhook secrets and SECRET_KEY rotation', () => {
  it('are re-sealed under the new key, once', async () => {
    const made = await createEndpoint({ db: testDb.db, secrets: new SecretBox(OLD) }, admin, {
      url: 'https://hooks.example.com/a',
      events: ['fetch.failed'],
      format: 'json',
    });
    const rotating = new SecretBox([NEW, OLD]);
    const first = await rekeyWebhookSecrets({ db: testDb.db, secrets: rotating });
    expect(first).toEqual({ resealed: 1, current: 0, unreadable: 0, skipped: 0 });
    const again = await rekeyWebhookSecrets({ db: testDb.db, secrets: rotating });
    expect(again).toEqual({ resealed: 0, current: 1, unreadable: 0, skipped: 0 });
    const { rows } = await testDb.db.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhook_endpoint WHERE id = $1',
      [made.id],
    );
    expect(new SecretBox(NEW).decrypt(rows[0]!.secret_sealed)).toBe(made.secret);
  });

  it('fail a delivery at once when no configured key opens the secret', async () => {
    const [id] = await emitWebhookEvent(testDb.db, 'fetch.failed', { error: 'x' });
    await deliverWebhook(
      { db: testDb.db, secrets: new SecretBox('another-key-0123456789abcdef') },
      id!,
    );
    const row = await findDelivery(testDb.db, id!);
    expect(row).toMatchObject({ status: 'failed', attempts: 0, last_answer: UNREADABLE_SECRET });
  });
});
