// Where services emit webhook events (docs/product.md "Webhooks"). emitWebhookEvent(tx, event,
// data) writes the deliveries in the caller's transaction; the helpers below read what an
// upgrade event says about its upgrade, so every emit point sends the same fields.
import type { SqlClient } from '../../db/database';
import { upgradeFacts } from '../../db/repositories/upgrades/upgrade-facts';
import { emitWebhookEvent } from '../../jobs/webhook-emit';

export { emitWebhookEvent };

/** 'upgrade.scheduled': call in the transaction that wrote the upgrade and its requests. */
export async function emitUpgradeScheduled(tx: SqlClient, upgradeId: number): Promise<void> {
  const facts = await upgradeFacts(tx, upgradeId);
  if (facts) await emitWebhookEvent(tx, 'upgrade.scheduled', { ...facts });
}

/**
 * 'upgrade.activated': call after markUpgradeActivated, in its transaction. Emits only when this
 * transaction made the upgrade Active (its activated_date is this transaction's now()), so a
 * later wave's or a retry's start, which finds it Active already, emits nothing. An interrupted
 * activation recorded later keeps the ask's time as activated_date, so its caller passes
 * `madeActive`: whether its own write turned the upgrade from Ready to Active.
 */
export async function emitUpgradeActivated(
  tx: SqlClient,
  upgradeId: number,
  madeActive?: boolean,
): Promise<void> {
  if (madeActive === false) return;
  const facts = await upgradeFacts(tx, upgradeId, madeActive ? 'any' : 'activated-now');
  if (facts) await emitWebhookEvent(tx, 'upgrade.activated', { ...facts });
}

/**
 * 'upgrade.completed' or 'upgrade.completed_with_failures' for an upgrade that just ended Done,
 * by whether failures were counted (its message says how many).
 */
export async function emitUpgradeFinished(
  tx: SqlClient,
  upgradeId: number,
  failures: number,
): Promise<void> {
  const facts = await upgradeFacts(tx, upgradeId, 'done');
  if (!facts) return;
  const event = failures > 0 ? 'upgrade.completed_with_failures' : 'upgrade.completed';
  await emitWebhookEvent(tx, event, { ...facts, failures });
}

/**
 * 'rollout.halted', in the transaction that halts the wave: the upgrade's facts with the wave and
 * the sentence written on the upgrade (`reason`, e.g. "Wave 2 failed on 7 of 120 orgs (5.8 %),
 * over the 2 % threshold"), which the Slack text quotes.
 */
export async function emitRolloutHalted(
  tx: SqlClient,
  upgradeId: number,
  wave: number,
  reason: string,
): Promise<void> {
  const facts = await upgradeFacts(tx, upgradeId);
  if (facts) await emitWebhookEvent(tx, 'rollout.halted', { ...facts, wave, reason });
}
