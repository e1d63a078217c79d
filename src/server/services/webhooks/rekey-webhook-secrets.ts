// Re-seals webhook endpoints' secrets under the current SECRET_KEY after a rotation, beside the
// tokens the rekey-secrets job re-seals (docs/operations.md "Rotating the secret key"). A secret
// no key opens is left as it is and counted: its deliveries fail saying so until an admin rotates it.
import { resealWebhookSecret, sealedWebhookSecrets } from '../../db/repositories/webhook-endpoints';
import { UnreadableSecretError } from '../../secrets';
import type { RekeyCounts, RekeyDeps } from '../secrets/rekey-secrets';

export async function rekeyWebhookSecrets(deps: RekeyDeps): Promise<RekeyCounts> {
  const counts: RekeyCounts = { resealed: 0, current: 0, unreadable: 0, skipped: 0 };
  let after = 0;
  for (;;) {
    deps.checkpoint?.();
    const rows = await sealedWebhookSecrets(deps.db, after, deps.batchSize ?? 100);
    if (rows.length === 0) return counts;
    for (const row of rows) {
      try {
        const opened = deps.secrets.open(row.secret_sealed);
        if (opened.current) {
          counts.current += 1;
          continue;
        }
        const resealed = deps.secrets.encrypt(opened.plain);
        if (await resealWebhookSecret(deps.db, row.id, row.secret_sealed, resealed)) {
          counts.resealed += 1;
        } else {
          counts.skipped += 1;
        }
      } catch (error) {
        if (!(error instanceof UnreadableSecretError)) throw error;
        counts.unreadable += 1;
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}
