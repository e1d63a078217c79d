// Starting requests: sets an activation plan's requests Pending in Salesforce and records what it
// accepted (docs/product.md "Activation and dependency tiers"). Shared by a person's activation,
// the monitor's next tier step and the next wave of a staged rollout. Crash-safe: the requests
// asked are marked before Salesforce is asked, so a process killed in between leaves them for the
// monitor to settle from what Salesforce holds (interrupted-activation.ts).
import { z } from 'zod';
import type { ActivationPlan } from '../../../domain/tiers';
import type { Database, SqlClient } from '../../db/database';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { markCreatedJobsPending } from '../../db/repositories/upgrades/jobs';
import {
  clearActivationAsked,
  markActivationAsked,
  markRequestsIneligible,
  markRequestsPending,
  noteWaitingRequests,
} from '../../db/repositories/upgrades/request-activation';
import type { RequestRow } from '../../db/repositories/upgrades/requests';
import { markUpgradeActivated } from '../../db/repositories/upgrades/upgrades';
import { SalesforceError } from '../../errors';
import type { OrgConnection } from '../../salesforce/org-connection';
import { soqlId } from '../../salesforce/soql';
import type { AuditRecorder } from '../audit/audited';
import { updatePushRequestStatus } from './push-request-status';
import { emitUpgradeActivated } from '../webhooks/emit';

export interface LifecycleDeps {
  db: Database;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
  /** ENFORCE_ACTIVATION_POLICY: a creator may not activate their own upgrade or request. */
  enforceActivationPolicy: boolean;
}

export const INELIGIBLE_REQUEST =
  'None of the orgs of this request can be upgraded, so nothing was sent to Salesforce.';

/**
 * Sets the plan's requests Pending in Salesforce one after another, then writes what Salesforce
 * accepted (plus the plan's Ineligible and waiting requests) in one transaction and publishes.
 * A refusal stops there: when Salesforce accepted nothing, nothing is written; the refusal is
 * thrown with Salesforce's message either way.
 */
export async function startRequests(
  deps: LifecycleDeps,
  by: string | null,
  upgradeId: number,
  requests: readonly RequestRow[],
  plan: ActivationPlan<number>,
  /** A person's activation: its audit row commits with what Salesforce accepted. */
  record?: AuditRecorder,
): Promise<void> {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const asked = plan.activate.filter((id) => byId.get(id)?.push_request_id);
  // Committed before Salesforce is asked: killed after Salesforce accepted and before the outcome
  // is written below, the process leaves it, and the monitor records what Salesforce did.
  await markActivationAsked(deps.db, asked, by);
  const accepted: number[] = [];
  let failure: unknown;
  for (const id of plan.activate) {
    const request = byId.get(id);
    if (!request?.push_request_id) continue;
    try {
      if (!deps.gateway) throw new SalesforceError('No Salesforce connection is configured.');
      const conn = await deps.gateway.connect(request.package_org_id);
      try {
        await updatePushRequestStatus(conn, request.push_request_id, 'Pending');
      } catch (error) {
        // An update whose answer was lost is retried and then refused (it is Pending already):
        // what Salesforce holds decides.
        if (!(await isStarted(conn, request.push_request_id))) throw error;
      }
      accepted.push(id);
    } catch (error) {
      failure = error;
      break;
    }
  }
  const anything = accepted.length > 0 || (!failure && plan.ineligible.length > 0);
  if (anything) {
    await deps.db.transaction(async (tx) => {
      await writeStarted(tx, by, upgradeId, accepted, plan);
      // The outcome is written: no activation is in flight any more.
      await clearActivationAsked(tx, asked);
      // Partly accepted: the row says what went out and what Salesforce refused.
      await record?.(
        tx,
        {
          accepted,
          ineligible: plan.ineligible,
          ...(failure ? { message: messageOf(failure) } : {}),
        },
        failure ? 'failed' : 'success',
      );
    });
    deps.live.publish('upgrade', { ids: [upgradeId], ...(by ? { by } : {}) });
    deps.live.publish('upgrade-items', { ids: [upgradeId] });
    deps.live.publish('upgrade-jobs', { ids: [upgradeId] });
    deps.live.publish('upgrades', { ids: [upgradeId] });
  } else {
    // Nothing was accepted: no activation is in flight any more.
    await clearActivationAsked(deps.db, asked);
    // Nothing changed; other tabs still refresh (the caller reads the refusal in its answer).
    if (failure) deps.live.publish('upgrade', { ids: [upgradeId] });
  }
  if (failure) throw failure instanceof SalesforceError ? failure : toSalesforce(failure);
}

const statusSchema = z.object({ Status: z.string() });

/** Whether Salesforce already has the push request past Created (activated by an earlier try). */
async function isStarted(conn: OrgConnection, pushRequestId: string): Promise<boolean> {
  try {
    const [request] = await conn.queryAll(
      `SELECT Status FROM PackagePushRequest WHERE Id = ${soqlId(pushRequestId)}`,
      statusSchema,
    );
    return !!request && request.Status !== 'Created' && request.Status !== 'Canceled';
  } catch {
    return false;
  }
}

function toSalesforce(error: unknown): SalesforceError {
  return new SalesforceError(messageOf(error));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What Salesforce accepted, the plan's Ineligible requests and why the others wait. */
async function writeStarted(
  tx: SqlClient,
  by: string | null,
  upgradeId: number,
  accepted: readonly number[],
  plan: ActivationPlan<number>,
): Promise<void> {
  await markRequestsPending(tx, accepted, by);
  await markCreatedJobsPending(tx, accepted);
  await markRequestsIneligible(tx, plan.ineligible, INELIGIBLE_REQUEST);
  await noteWaitingRequests(tx, plan.waiting);
  if (accepted.length > 0) await markUpgradeActivated(tx, upgradeId, by);
  await emitUpgradeActivated(tx, upgradeId);
}
