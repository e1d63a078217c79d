// Activating an upgrade or one of its requests (docs/product.md "Upgrade actions",
// "Activation policy" and "Activation and dependency tiers"). Requests go out in dependency-tier
// order, stepped versions of one package one step at a time (domain/tiers.ts): activating the
// upgrade sets the first step's push requests Pending in Salesforce and records the later ones as
// waiting; the monitor starts each next step once the previous one finished without failures
// (advanceTiers). Under the upgrade's lock, so a double click or two operators activate once; local
// rows change only for the requests Salesforce accepted, in one transaction, and the live events
// follow it.
import { z } from 'zod';
import {
  activationPermission,
  activatorPermission,
  type Actor as PolicyActor,
} from '../../../domain/policy';
import { canActivateRequest, canActivateUpgrade } from '../../../domain/actions';
import { planActivation, type ActivationPlan } from '../../../domain/tiers';
import { progressFromCounts, requestProgress } from '../../../domain/progress';
import type { UpgradeActionResult } from '../../../domain/api/upgrade-actions';
import type { Actor } from '../../actor';
import type { Database, SqlClient } from '../../db/database';
import { countJobsByStatus, markCreatedJobsPending } from '../../db/repositories/upgrades/jobs';
import {
  clearActivationAsked,
  markActivationAsked,
  markRequestsIneligible,
  markRequestsPending,
  noteWaitingRequests,
} from '../../db/repositories/upgrades/request-activation';
import {
  findRequestUpgradeId,
  loadRequests,
  type RequestRow,
} from '../../db/repositories/upgrades/requests';
import {
  findUpgrade,
  markUpgradeActivated,
  replaceUpgradeMessage,
  setActiveUpgradeMessage,
} from '../../db/repositories/upgrades/upgrades';
import { ConflictError, ForbiddenError, NotFoundError, SalesforceError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import type { OrgConnection } from '../../salesforce/org-connection';
import { soqlId } from '../../salesforce/soql';
import { audited, type AuditRecorder } from '../audit/audited';
import { updatePushRequestStatus } from './push-request-status';
import { tiered } from './upgrade-requests';
import { withUpgradeLock } from './upgrade-lock';

export interface LifecycleDeps {
  db: Database;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
  /** ENFORCE_ACTIVATION_POLICY: a creator may not activate their own upgrade or request. */
  enforceActivationPolicy: boolean;
}

/** The same rules without the policy and read-only parts, to tell a 409 from a 403. */
const STATE_ONLY: PolicyActor = {
  username: null,
  read_only: false,
  enforce_activation_policy: false,
};

const policyActor = (actor: Actor, deps: LifecycleDeps): PolicyActor => ({
  username: actor.username,
  read_only: actor.readOnly,
  enforce_activation_policy: deps.enforceActivationPolicy,
  auth_method: actor.authMethod,
});

/**
 * Refuses (403, audited as denied by `audited`) someone who may activate nothing at all, e.g. an
 * admin access key session, before the upgrade's state is read: the answer does not depend on it.
 */
function requireActivator(actor: Actor, deps: LifecycleDeps): void {
  const allowed = activatorPermission(policyActor(actor, deps));
  if (!allowed.allowed) throw new ForbiddenError(allowed.reason);
}

/** POST /api/upgrades/activate/:id */
export async function activateUpgrade(
  deps: LifecycleDeps,
  actor: Actor,
  upgradeId: number,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  if (!(await findUpgrade(db, upgradeId))) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(db, actor, 'upgrade.activate', target, {}, (record) => {
    requireActivator(actor, deps);
    return withUpgradeLock(db, upgradeId, async () => {
      const upgrade = await findUpgrade(db, upgradeId);
      if (!upgrade) throw new NotFoundError(`No upgrade ${upgradeId}.`);
      const progress = progressFromCounts(await countJobsByStatus(db, upgradeId));
      const state = canActivateUpgrade(STATE_ONLY, upgrade, progress);
      if (!state.allowed) throw new ConflictError(state.reason);
      const policy = activationPermission(policyActor(actor, deps), upgrade.created_by);
      if (!policy.allowed) throw new ForbiddenError(policy.reason);
      const requests = await loadRequests(db, upgradeId);
      const plan = planActivation(requests.map(tiered));
      if (plan.blocked) throw new ConflictError(`${plan.blocked}.`);
      await startRequests(deps, actor.username, upgradeId, requests, plan, record);
      const after = await findUpgrade(db, upgradeId);
      return { id: upgradeId, status: after?.status ?? 'Active' };
    });
  });
}

/** POST /api/upgradeitems/activate/:id */
export async function activateRequest(
  deps: LifecycleDeps,
  actor: Actor,
  itemId: number,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  const upgradeId = await findRequestUpgradeId(db, itemId);
  if (upgradeId === undefined) throw new NotFoundError(`No upgrade request ${itemId}.`);
  const target = { type: 'upgrade_item', id: String(itemId) };
  return audited(db, actor, 'upgradeitem.activate', target, {}, (record) => {
    requireActivator(actor, deps);
    return withUpgradeLock(db, upgradeId, async () => {
      const upgrade = await findUpgrade(db, upgradeId);
      const requests = await loadRequests(db, upgradeId);
      const item = requests.find((r) => r.id === itemId);
      if (!upgrade || !item) throw new NotFoundError(`No upgrade request ${itemId}.`);
      if (upgrade.status !== 'Ready' && upgrade.status !== 'Active') {
        throw new ConflictError(`The upgrade of this request is ${upgrade.status}.`);
      }
      const progress = requestProgress({
        status: item.status,
        job_count: item.job_count,
        total_job_count: item.total_job_count,
        eligible_job_count: item.eligible_job_count,
        pending_job_count: 0,
        inprogress_job_count: 0,
        succeeded_job_count: 0,
        failed_job_count: 0,
        canceled_job_count: 0,
        invalid_job_count: 0,
      });
      const state = canActivateRequest(STATE_ONLY, item, progress);
      if (!state.allowed) throw new ConflictError(state.reason);
      const policy = activationPermission(policyActor(actor, deps), item.created_by);
      if (!policy.allowed) throw new ForbiddenError(policy.reason);
      const plan = planActivation(requests.map(tiered));
      if (plan.blocked && item.eligible_job_count > 0) throw new ConflictError(`${plan.blocked}.`);
      const waiting = plan.waiting.find((w) => w.id === itemId);
      // An earlier step still running holds the request back; after a step with failures the
      // later ones wait for a person, and activating one by hand is that person's decision.
      if (waiting && !waiting.afterFailure) {
        throw new ConflictError(`${waiting.reason}; this request goes out after it.`);
      }
      const only: ActivationPlan<number> = {
        activate: item.eligible_job_count > 0 ? [itemId] : [],
        ineligible: item.eligible_job_count > 0 ? [] : [itemId],
        waiting: [],
        blocked: null,
      };
      await startRequests(deps, actor.username, upgradeId, requests, only, record);
      const [after] = await loadRequests(db, upgradeId).then((all) =>
        all.filter((r) => r.id === itemId),
      );
      const status = after?.status ?? item.status;
      return status === 'Ineligible'
        ? { id: itemId, status, message: INELIGIBLE_REQUEST }
        : { id: itemId, status };
    });
  });
}

export const INELIGIBLE_REQUEST =
  'None of the orgs of this request can be upgraded, so nothing was sent to Salesforce.';

/**
 * The monitor's step: for an Active upgrade, activates the next step's requests when every
 * earlier step finished without failures, and writes why the upgrade is held when one did not.
 * Answers whether anything changed.
 */
export async function advanceTiers(deps: LifecycleDeps, upgradeId: number): Promise<boolean> {
  return withUpgradeLock(deps.db, upgradeId, async () => {
    const upgrade = await findUpgrade(deps.db, upgradeId);
    if (upgrade?.status !== 'Active') return false;
    const requests = await loadRequests(deps.db, upgradeId);
    const plan = planActivation(requests.map(tiered));
    if (plan.blocked) return false;
    const failedGate = plan.waiting.find((w) => w.afterFailure);
    const held = failedGate ? heldMessage(requests, failedGate.reason, plan) : null;
    if (plan.activate.length === 0 && plan.ineligible.length === 0) {
      return replaceUpgradeMessage(deps.db, upgradeId, held);
    }
    await startRequests(deps, null, upgradeId, requests, plan);
    if (held) await setActiveUpgradeMessage(deps.db, upgradeId, held);
    return true;
  });
}

function heldMessage(
  requests: readonly RequestRow[],
  reason: string,
  plan: ActivationPlan<number>,
): string {
  const errors = requests.reduce((sum, r) => sum + r.error_job_count, 0);
  const waiting = plan.waiting.length;
  return `${reason} (${errors} failed job${errors === 1 ? '' : 's'}), so the ${waiting} request${
    waiting === 1 ? '' : 's'
  } of the later steps were not activated. Retry the failed jobs, activate the waiting requests one by one, or cancel the upgrade.`;
}

/**
 * Sets the plan's requests Pending in Salesforce one after another, then writes what Salesforce
 * accepted (plus the plan's Ineligible and waiting requests) in one transaction and publishes.
 * A refusal stops there: when Salesforce accepted nothing, nothing is written; the refusal is
 * thrown with Salesforce's message either way.
 */
async function startRequests(
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
}
