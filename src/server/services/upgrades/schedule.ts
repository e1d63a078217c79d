// Scheduling an upgrade for one org or an org group (docs/product.md "Scheduling an upgrade",
// docs/api.md "Upgrades"). One eligibility path for both (plan.ts). The transid is the idempotency
// key: the upgrade, its requests, their planned orgs and the orgs left out are written in one
// transaction (write-upgrade.ts) whose INSERT … ON CONFLICT (transid) decides races; then, under a
// per-upgrade lock, Salesforce is brought in line with the plan (push-jobs.ts), which is safe to
// repeat: a double submit, a retry after a Salesforce failure, or resume() after a crash creates
// only what is missing. The work runs inline in the request (a 10 000-org group is ~50 collection
// calls per package). A plan that reaches no org is refused (409 with the preview's reasons) before
// anything is written.
import type { ColumnFilter } from '../../../domain';
import type { SchedulePreview } from '../../../domain/api/upgrade-actions';
import type { ScheduleUpgradeInput } from '../../../domain/schedule';
import type { Database, SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import { findGroupOrgIds } from '../../db/repositories/orgs';
import { orgExists } from '../../db/repositories/upgrades/plan-reads';
import {
  clearReadyUpgradeMessage,
  findUpgrade,
  findUpgradeByTransid,
  recordSchedulingFailure,
  unfinishedUpgrades,
  upgradeNamesOrg,
  type UpgradeRow,
} from '../../db/repositories/upgrades/upgrades';
import { ConflictError, NotFoundError, SalesforceError } from '../../errors';
import type { Actor } from '../../actor';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { publishPreauthOrg } from '../../sync/preauth-org-alert';
import {
  loadTargetVersions,
  PackagingOrgNotConnected,
  planSchedule,
  type ListSettings,
  type SchedulePlan,
} from './plan';
import { previewOfPlan, refuseNothingToSchedule } from './preview';
import { orgsMatching } from './filtered-orgs';
import { planWaves } from './rollout-plan';
import type { RolloutPlan } from '../../../domain/rollout';
import { PushRequestRefused, pushUpgrade } from './push-jobs';
import { withUpgradeLock } from './upgrade-lock';
import { writeUpgrade } from './write-upgrade';

/** One org, a group's members, or the orgs of a filtered Orgs list (its column filters). */
export type ScheduleScope =
  { orgId: string } | { groupId: number } | { filters: ColumnFilter[]; tz?: string | undefined };

export interface ScheduleOutcome {
  id: number;
  transid: string;
  /** False when the transid named an upgrade that already existed (a double submit). */
  created: boolean;
  message?: string;
}

export interface SchedulerDeps {
  db: Database;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
  settings: ListSettings;
  /** Collection calls in flight at once (default 4). */
  concurrency?: number;
  chunkSize?: number;
}

/** What Salesforce work is announced as: the live events, the audit trail and the failure title. */
export interface Announcement {
  transid: string;
  /** False when the upgrade already existed (a double submit): nothing new is audited. */
  created: boolean;
  /** The title of the live 'fail' event ('Failed to Schedule', 'Retry Failed'). */
  failSubject: string;
  /** Writes the attempt's audit row on the transaction that records its outcome. */
  audit: (
    tx: SqlClient,
    outcome: 'success' | 'failed',
    details: Record<string, unknown>,
  ) => Promise<void>;
}

export class UpgradeScheduler {
  constructor(private readonly deps: SchedulerDeps) {}

  async schedule(
    actor: Actor,
    scope: ScheduleScope,
    input: ScheduleUpgradeInput,
  ): Promise<ScheduleOutcome> {
    const { db } = this.deps;
    const target =
      'orgId' in scope
        ? { type: 'org', id: scope.orgId }
        : 'groupId' in scope
          ? { type: 'org_group', id: String(scope.groupId) }
          : { type: 'org_filter', id: JSON.stringify(scope.filters).slice(0, 500) };
    const audit = async (
      tx: SqlClient,
      outcome: 'success' | 'failed',
      details: Record<string, unknown>,
    ) => {
      await writeAudit(tx, {
        actor: actor.username,
        action: 'upgrade.schedule',
        targetType: target.type,
        targetId: target.id,
        outcome,
        details: { transid: input.transid, ...details },
      });
    };

    let upgrade = await findUpgradeByTransid(db, input.transid);
    let created = false;
    if (upgrade) {
      await checkSameSubmit(db, upgrade, actor, scope);
    } else {
      const plan = await this.plan(
        scope,
        input.versions,
        input.scheduled_date,
        input.rollout,
        actor.username,
      ).catch((error: unknown) => {
        // The pre-authorize alert (docs/product.md "Notices"), from the push path: whoever can,
        // authorizes that org.
        if (error instanceof PackagingOrgNotConnected && error.packagingOrg)
          publishPreauthOrg(this.deps.live, error.packagingOrg);
        throw error;
      });
      await refuseNothingToSchedule(db, plan);
      this.gateway(); // 502 before anything is written when Salesforce is not configured
      const id = await this.write(actor, scope, input, plan);
      upgrade =
        id === null ? await findUpgradeByTransid(db, input.transid) : await findUpgrade(db, id);
      if (!upgrade)
        throw new ConflictError(`The upgrade of transaction ${input.transid} vanished.`);
      if (id === null) await checkSameSubmit(db, upgrade, actor, scope);
      created = id !== null;
    }
    return this.finish(upgrade.id, {
      transid: input.transid,
      created,
      failSubject: 'Failed to Schedule',
      audit,
    });
  }

  /**
   * Who would get which push job, and who is left out and why: the one eligibility path of
   * scheduling, also the Schedule Upgrade modal's preview. Nothing is written. With the start,
   * orgs whose instance is in a maintenance window then are held; with a rollout plan, the
   * requests are split into its waves (rollout-plan.ts) and only the first wave's orgs are held
   * at the start (to the second wave).
   */
  async plan(
    scope: ScheduleScope,
    versionIds: readonly string[],
    startTime?: Date,
    rollout?: RolloutPlan,
    username: string | null = null,
  ): Promise<SchedulePlan> {
    const candidates = await this.candidates(scope, username);
    if (!rollout) return this.planFor(candidates, versionIds, startTime);
    const plan = await this.planFor(candidates, versionIds);
    return planWaves(this.deps.db, plan, rollout, startTime, username);
  }

  /** The plan as the Schedule Upgrade modal's preview shows it (nothing written). */
  async preview(
    scope: ScheduleScope,
    versionIds: readonly string[],
    startTime?: Date,
    rollout?: RolloutPlan,
    username: string | null = null,
  ): Promise<SchedulePreview> {
    const plan = await this.plan(scope, versionIds, startTime, rollout, username);
    return previewOfPlan(this.deps.db, plan);
  }

  /** The same plan for given candidate orgs (Retry Failed: the orgs whose jobs failed). */
  async planFor(
    candidates: readonly string[],
    versionIds: readonly string[],
    startTime?: Date,
  ): Promise<SchedulePlan> {
    const versions = await loadTargetVersions(this.deps.db, versionIds);
    return planSchedule(this.deps.db, candidates, versions, this.deps.settings, startTime);
  }

  /**
   * Creates in Salesforce what the upgrade's plan still lacks, then announces the outcome (live
   * events after the commit, audit). A Salesforce failure is recorded on the upgrade and thrown
   * as a SalesforceError carrying Salesforce's message.
   */
  async finish(id: number, how: Announcement): Promise<ScheduleOutcome> {
    const { db } = this.deps;
    const { transid, created } = how;
    // The success row commits with the scheduling's last write (after Salesforce has every
    // push request and job); a double submit changed nothing and adds no row.
    const recordSuccess = async (tx: SqlClient) => {
      const done = await findUpgrade(tx, id);
      await how.audit(tx, 'success', { upgradeId: id, status: done?.status });
    };
    try {
      await this.complete(id, created ? recordSuccess : undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.transaction(async (tx) => {
        await recordSchedulingFailure(tx, id, message, error instanceof PushRequestRefused);
        await how.audit(tx, 'failed', { upgradeId: id, message });
      });
      this.deps.live.publish('upgrades', { ids: [id] });
      this.deps.live.publish('fail', { subject: how.failSubject, message, transid });
      throw error instanceof SalesforceError ? error : new SalesforceError(message);
    }

    const final = await findUpgrade(db, id);
    const message = final?.message ?? undefined;
    this.deps.live.publish('upgrade', { ids: [id], transid, ...(message ? { message } : {}) });
    this.deps.live.publish('upgrades', { ids: [id] });
    if (created) this.deps.live.publish('upgrade-blacklist', { ids: [id] });
    return { id, transid, created, ...(message ? { message } : {}) };
  }

  /**
   * Finishes the scheduling of one upgrade (after a crash or a Salesforce failure): creates the
   * missing push requests and jobs. Answers the number of job rows written.
   */
  async resume(upgradeId: number): Promise<number> {
    return this.complete(upgradeId);
  }

  /** Upgrades still Ready whose requests have planned orgs without a job row (for start-up). */
  async unfinished(): Promise<number[]> {
    return unfinishedUpgrades(this.deps.db);
  }

  private gateway(): SalesforceGateway {
    if (!this.deps.gateway) throw new SalesforceError('No Salesforce connection is configured.');
    return this.deps.gateway;
  }

  /** `onDone` runs in the transaction of the last write (its audit row commits with it). */
  private async complete(
    upgradeId: number,
    onDone?: (tx: SqlClient) => Promise<void>,
  ): Promise<number> {
    return this.withLock(upgradeId, async () => {
      const upgrade = await findUpgrade(this.deps.db, upgradeId);
      if (!upgrade || upgrade.status !== 'Ready') {
        // Nothing to create in Salesforce (none eligible): the upgrade rows were the change.
        if (onDone) await this.deps.db.transaction(onDone);
        return 0;
      }
      const written = await pushUpgrade(
        {
          db: this.deps.db,
          gateway: this.gateway(),
          concurrency: this.deps.concurrency ?? 4,
          ...(this.deps.chunkSize ? { chunkSize: this.deps.chunkSize } : {}),
        },
        upgradeId,
      );
      // A failure message of an earlier attempt no longer applies once everything is created.
      await this.deps.db.transaction(async (tx) => {
        await clearReadyUpgradeMessage(tx, upgradeId);
        await onDone?.(tx);
      });
      return written;
    });
  }

  /** One writer per upgrade at a time, shared with activation and the monitor. */
  private async withLock<T>(upgradeId: number, fn: () => Promise<T>): Promise<T> {
    return withUpgradeLock(this.deps.db, upgradeId, fn);
  }

  private async candidates(scope: ScheduleScope, username: string | null): Promise<string[]> {
    const { db } = this.deps;
    if ('filters' in scope) {
      return orgsMatching(db, scope.filters, { username, tz: scope.tz }, 'filters');
    }
    if ('orgId' in scope) {
      if (!(await orgExists(db, scope.orgId)))
        throw new NotFoundError(`No org ${scope.orgId} is known to Pushboard.`);
      return [scope.orgId];
    }
    const members = await findGroupOrgIds(db, scope.groupId);
    if (!members) throw new NotFoundError(`No org group ${scope.groupId}.`);
    return members.map((orgId) => orgId.trim());
  }

  /** The upgrade, its requests, their plans and the left-out orgs; null when the transid exists. */
  private async write(
    actor: Actor,
    scope: ScheduleScope,
    input: ScheduleUpgradeInput,
    plan: SchedulePlan,
  ): Promise<number | null> {
    return writeUpgrade(
      this.deps.db,
      {
        description: input.description,
        startTime: input.scheduled_date,
        createdBy: actor.username,
        orgGroupId: 'groupId' in scope ? scope.groupId : null,
        parentId: null,
        transid: input.transid,
      },
      plan,
      input.rollout,
    );
  }
}

/** A transid reused by another user, for another group or another org is not a double submit. */
async function checkSameSubmit(
  db: SqlClient,
  upgrade: UpgradeRow,
  actor: Actor,
  scope: ScheduleScope,
): Promise<void> {
  const groupId = 'groupId' in scope ? scope.groupId : null;
  let same = upgrade.created_by === actor.username && (upgrade.org_group_id ?? null) === groupId;
  if (same && 'orgId' in scope) {
    // A single-org upgrade planned or left out exactly that org.
    same = await upgradeNamesOrg(db, upgrade.id, scope.orgId);
  }
  if (!same) throw new ConflictError('This transaction id belongs to another upgrade.');
}
