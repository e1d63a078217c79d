// Cancel a whole upgrade or one request (docs/product.md "Upgrade actions"). Only what has not
// started is canceled: a request still Created or Pending is set Canceled in Salesforce first, and
// only once Salesforce accepted are the request and its jobs that had not started (Created,
// Pending) marked Canceled here, in one transaction. Requests already running or finished are left
// alone and the answer says so; succeeded jobs stay succeeded (weakness 17 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces": every request was marked
// Canceled). The comment is kept on the upgrade. Under the upgrade's lock, so a cancel never
// interleaves with scheduling or activation.
import { canCancelRequest, canCancelUpgrade } from '../../../domain/actions';
import type { UpgradeActionResult } from '../../../domain/api/upgrade-actions';
import { countNoun } from '../../../domain/format';
import { progressOfUpgradeCounts, requestProgress } from '../../../domain/progress';
import type { JobStatus, UpgradeStatus } from '../../../domain/statuses';
import type { Actor } from '../../actor';
import type { SqlClient } from '../../db/database';
import { findUpgradeDetail, findUpgradeItemDetail } from '../../db/repositories/upgrade-details';
import { cancelUnstartedJobs } from '../../db/repositories/upgrades/jobs';
import {
  findCancelableRequests,
  markRequestsCanceled,
  type CancelableRow,
} from '../../db/repositories/upgrades/requests';
import { recordUpgradeCancel } from '../../db/repositories/upgrades/upgrades';
import { ConflictError, NotFoundError, SalesforceError } from '../../errors';
import { audited, requireGateway, STATE_ONLY, type ManageDeps } from './manage-deps';
import { updatePushRequestStatus } from './push-request-status';
import { withUpgradeLock } from './upgrade-lock';

/** Salesforce cancels only push requests that have not started (Object Reference). */
const NOT_STARTED = new Set<JobStatus>(['Created', 'Pending']);

/** POST /api/upgrades/cancel/:id */
export async function cancelUpgrade(
  deps: ManageDeps,
  actor: Actor,
  upgradeId: number,
  comment: string,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  if (!(await findUpgradeDetail(db, upgradeId)))
    throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(deps, actor, 'upgrade.cancel', target, { comment }, (record) =>
    withUpgradeLock(db, upgradeId, async () => {
      const upgrade = await findUpgradeDetail(db, upgradeId);
      if (!upgrade) throw new NotFoundError(`No upgrade ${upgradeId}.`);
      const progress = progressOfUpgradeCounts(upgrade);
      const state = canCancelUpgrade(
        STATE_ONLY,
        { status: upgrade.status as UpgradeStatus, created_by: upgrade.created_by },
        progress,
      );
      if (!state.allowed) throw new ConflictError(state.reason);

      const items = await findCancelableRequests(db, upgradeId);
      const cancelable = items.filter((item) => NOT_STARTED.has(item.status));
      const running = items.filter((item) => item.status === 'InProgress').length;
      if (cancelable.length === 0) {
        throw new ConflictError(
          'Nothing of this upgrade can be canceled: its requests have already started or finished.',
        );
      }

      const canceled: number[] = [];
      const refused: string[] = [];
      for (const item of cancelable) {
        try {
          await cancelInSalesforce(deps, item);
          canceled.push(item.id);
        } catch (error) {
          if (!(error instanceof SalesforceError)) throw error;
          refused.push(error.message);
        }
      }
      // Nothing changed anywhere: Salesforce's own words are the answer.
      if (canceled.length === 0) throw new SalesforceError([...new Set(refused)].join('; '));

      const status = await markCanceled(db, upgradeId, canceled, comment, (tx) =>
        record(tx, { canceled, refused }),
      );
      publish(deps, upgradeId, actor.username);
      const notes = [
        `Canceled ${countNoun(canceled.length, 'request')}.`,
        running > 0 ? `${countNoun(running, 'request')} already in progress continue.` : '',
        refused.length > 0
          ? `Salesforce refused to cancel ${countNoun(refused.length, 'request')}: ${[...new Set(refused)].join('; ')}`
          : '',
      ];
      return { id: upgradeId, status, message: notes.filter(Boolean).join(' ') };
    }),
  );
}

/** POST /api/upgradeitems/cancel/:id */
export async function cancelRequest(
  deps: ManageDeps,
  actor: Actor,
  itemId: number,
  comment: string,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  const found = await findUpgradeItemDetail(db, itemId);
  if (!found) throw new NotFoundError(`No upgrade request ${itemId}.`);
  const target = { type: 'upgrade_item', id: String(itemId) };
  return audited(deps, actor, 'upgradeitem.cancel', target, { comment }, (record) =>
    withUpgradeLock(db, found.upgrade_id, async () => {
      const item = await findUpgradeItemDetail(db, itemId);
      if (!item) throw new NotFoundError(`No upgrade request ${itemId}.`);
      const status = item.status as JobStatus;
      const state = canCancelRequest(
        STATE_ONLY,
        { status, created_by: item.created_by },
        requestProgress({ ...item, status }),
      );
      if (!state.allowed) throw new ConflictError(state.reason);
      // A refusal (the request started meanwhile) is thrown with Salesforce's message; nothing
      // local has changed then.
      await cancelInSalesforce(deps, {
        id: item.id,
        status,
        push_request_id: item.push_request_id,
        package_org_id: item.package_org_id,
      });
      await markCanceled(db, item.upgrade_id, [item.id], comment, (tx) => record(tx));
      publish(deps, item.upgrade_id, actor.username);
      return { id: itemId, status: 'Canceled' };
    }),
  );
}

/** A request never created in Salesforce (scheduling failed before it) has nothing to cancel there. */
export async function cancelInSalesforce(deps: ManageDeps, item: CancelableRow): Promise<void> {
  if (!item.push_request_id) return;
  const conn = await requireGateway(deps).connect(item.package_org_id.trim());
  await updatePushRequestStatus(conn, item.push_request_id, 'Canceled');
}

/**
 * The requests Salesforce canceled, their jobs that had not started, and the comment, in one
 * transaction; the upgrade is Canceled once none of its requests can still run. Answers the
 * upgrade's status. The audit row commits with them.
 */
async function markCanceled(
  db: ManageDeps['db'],
  upgradeId: number,
  itemIds: readonly number[],
  comment: string,
  audit: (tx: SqlClient) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await audit(tx);
    await markRequestsCanceled(tx, itemIds);
    await cancelUnstartedJobs(tx, itemIds);
    return (await recordUpgradeCancel(tx, upgradeId, comment)) ?? 'Canceled';
  });
}

/** After the commit: the upgrade, its requests and its jobs changed, by `by`. */
function publish(deps: ManageDeps, upgradeId: number, by: string): void {
  deps.live.publish('upgrade', { ids: [upgradeId], by });
  deps.live.publish('upgrades', { ids: [upgradeId] });
  deps.live.publish('upgrade-items', { ids: [upgradeId] });
  deps.live.publish('upgrade-jobs', { ids: [upgradeId] });
}
