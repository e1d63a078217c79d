// Activations a crash interrupted (a process killed during activation;
// docs/architecture.md "The upgrade monitor"). Activation writes its intent on each request before
// asking Salesforce to start it and clears it with the outcome; a request still carrying one was
// asked of Salesforce by a process that died before it wrote what Salesforce answered. The monitor
// watches such requests: once Salesforce shows one started, it records the activation (request and
// upgrade, by whoever asked); if Salesforce still has it Created long after the ask, the ask never
// arrived and the intent is dropped.
import type { SqlClient } from '../../db/database';
import {
  clearActivationAsked,
  recordAskedActivation,
  type AskedRequest,
} from '../../db/repositories/upgrades/request-activation';
import { markReadyUpgradeStarted } from '../../db/repositories/upgrades/upgrades';
import { emitUpgradeActivated } from '../webhooks/emit';

export type { AskedRequest };

/** Longer than any Salesforce call with its retries (the gateway's deadline is 130 s a try). */
export const ABANDONED_ASK_MS = 15 * 60_000;

/**
 * Given what Salesforce says of each watched request (status by push request id), records the
 * interrupted activations Salesforce carried out and drops abandoned asks. Answers the upgrades
 * that changed. Runs in the monitor's transaction, after the requests' statuses were copied.
 */
export async function recordInterruptedActivations(
  tx: SqlClient,
  items: readonly AskedRequest[],
  salesforceStatus: ReadonlyMap<string, string>,
  now = Date.now(),
): Promise<number[]> {
  const asked = items.filter((i) => i.activation_requested_at !== null);
  const started = asked.filter((i) => {
    const status = salesforceStatus.get(i.push_request_id);
    return status !== undefined && status !== 'Created';
  });
  const abandoned = asked.filter(
    (i) =>
      salesforceStatus.get(i.push_request_id) === 'Created' &&
      now - new Date(i.activation_requested_at ?? now).getTime() > ABANDONED_ASK_MS,
  );
  for (const item of started) {
    await recordAskedActivation(tx, item.id);
    // A Ready upgrade whose first step Salesforce started is Active, activated by who asked;
    // receivers hear it once, from the write that made it Active (docs/product.md "Webhooks").
    const madeActive = await markReadyUpgradeStarted(
      tx,
      item.upgrade_id,
      item.activation_requested_by,
      item.activation_requested_at,
    );
    await emitUpgradeActivated(tx, item.upgrade_id, madeActive);
  }
  await clearActivationAsked(
    tx,
    abandoned.map((i) => i.id),
  );
  return [...new Set(started.map((i) => i.upgrade_id))];
}
