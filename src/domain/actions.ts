// When the console's state-changing buttons are enabled (docs/product.md "Upgrade actions"). Each
// rule also checks the read-only flag and, for activation, the activation policy, so the server can
// call the same function before doing the work and answer 403/409 with the reason.
import {
  activationPermission,
  activatorPermission,
  permission,
  type Actor,
  type Permission,
} from './policy';
import type { JobStatusCounts, Progress, RequestProgress } from './progress';
import type { JobStatus, UpgradeStatus } from './statuses';

/** The text shown when activating would change nothing. */
export const NOTHING_TO_DO = 'Nothing to do.';

/** The word to type to confirm a purge (any case). */
export const PURGE_CONFIRMATION_WORD = 'please';

const ALLOWED: Permission = { allowed: true, reason: null };
const deny = (reason: string): Permission => ({ allowed: false, reason });

/** Checks in order and returns the first refusal. */
function firstRefusal(...checks: (() => Permission)[]): Permission {
  for (const check of checks) {
    const result = check();
    if (!result.allowed) return result;
  }
  return ALLOWED;
}

/** An upgrade as its action rules see it. */
export interface UpgradeState {
  readonly status: UpgradeStatus;
  readonly created_by: string | null;
}

/** Activate a whole upgrade: Ready, no job started yet, something to do, and the policy allows it. */
export function canActivateUpgrade(
  actor: Actor | null | undefined,
  upgrade: UpgradeState,
  progress: Progress,
): Permission {
  return firstRefusal(
    () => activatorPermission(actor),
    () => (upgrade.status === 'Ready' ? ALLOWED : deny(`This upgrade is ${upgrade.status}.`)),
    () => (progress.count > 0 ? ALLOWED : deny(NOTHING_TO_DO)),
    () =>
      progress.started === 0 ? ALLOWED : deny('Jobs of this upgrade are already active or done.'),
    () => activationPermission(actor, upgrade.created_by),
  );
}

/** Cancel a whole upgrade: not already canceled, failed or done. */
export function canCancelUpgrade(
  actor: Actor | null | undefined,
  upgrade: UpgradeState,
  progress: Progress,
): Permission {
  return firstRefusal(
    () => permission(actor, 'cancel'),
    () =>
      upgrade.status === 'Canceled' || upgrade.status === 'Done' || upgrade.status === 'Failed'
        ? deny(`This upgrade is ${upgrade.status}.`)
        : ALLOWED,
    () => (progress.done ? deny('This upgrade is done.') : ALLOWED),
  );
}

/** Retry an upgrade's failed jobs: only when some job Failed (Invalid and Ineligible jobs are not retried). */
export function canRetryUpgrade(
  actor: Actor | null | undefined,
  counts: JobStatusCounts,
): Permission {
  return firstRefusal(
    () => permission(actor, 'retry'),
    () => ((counts.Failed ?? 0) > 0 ? ALLOWED : deny('No job of this upgrade failed.')),
  );
}

/** A request as its action rules see it. */
export interface RequestState {
  readonly status: JobStatus;
  readonly created_by: string | null;
}

/** Activate one request: still Created, all its jobs created, and the policy allows it. */
export function canActivateRequest(
  actor: Actor | null | undefined,
  request: RequestState,
  progress: RequestProgress,
): Permission {
  return firstRefusal(
    () => activatorPermission(actor),
    () => (request.status === 'Created' ? ALLOWED : deny(`This request is ${request.status}.`)),
    () => (progress.ready >= 1 ? ALLOWED : deny('Jobs of this request are still being created.')),
    () => activationPermission(actor, request.created_by),
  );
}

/** Cancel one request: Salesforce cancels only Created or Pending requests, and none of its jobs is canceled or done. */
export function canCancelRequest(
  actor: Actor | null | undefined,
  request: RequestState,
  progress: RequestProgress,
): Permission {
  return firstRefusal(
    () => permission(actor, 'cancel'),
    () =>
      request.status === 'Created' || request.status === 'Pending'
        ? ALLOWED
        : deny(`A request that is ${request.status} cannot be canceled.`),
    () =>
      progress.canceled === 0 && !progress.done
        ? ALLOWED
        : deny('This request is already canceled or done.'),
  );
}

/** A background job as the admin page shows it. */
export interface AdminJobState {
  readonly stepIndex: number;
  readonly stepCount: number;
  readonly canceled: boolean;
}

/** Cancel a background job: unless it is at its last step or already canceled. */
export function canCancelAdminJob(actor: Actor | null | undefined, job: AdminJobState): Permission {
  return firstRefusal(
    () => permission(actor, 'cancelJob'),
    () => (job.canceled ? deny('This job is already canceled.') : ALLOWED),
    () => (job.stepIndex >= job.stepCount ? deny('This job is at its last step.') : ALLOWED),
  );
}

/** A connected org as its action rules see it. */
export interface ConnectedOrgState {
  readonly type: string;
  readonly status: string;
}

/** Connected and Unprotected connections read as healthy (green); anything else as broken (red). */
export function connectionColor(status: string): 'green' | 'red' {
  return status === 'Connected' || status === 'Unprotected' ? 'green' : 'red';
}

/** Actions on a connected org (its detail page). */
export type ConnectedOrgAction = 'toggleActive' | 'connect' | 'export' | 'refresh' | 'revoke';

/**
 * Activate/Deactivate only for type Package; Connect only when not Connected; Export, Refresh
 * and Revoke only when Connected.
 */
export function canActOnConnectedOrg(
  actor: Actor | null | undefined,
  org: ConnectedOrgState,
  action: ConnectedOrgAction,
): Permission {
  const needed = {
    toggleActive: 'activateConnectedOrg',
    connect: 'connectOrg',
    export: 'exportConnectedOrg',
    refresh: 'refreshConnectedOrg',
    revoke: 'revokeConnectedOrg',
  } as const;
  const connected = org.status === 'Connected';
  return firstRefusal(
    () => permission(actor, needed[action]),
    () => {
      if (action === 'toggleActive')
        return org.type === 'Package' ? ALLOWED : deny('Only packaging orgs can be activated.');
      if (action === 'connect') return connected ? deny('This org is already connected.') : ALLOWED;
      return connected ? ALLOWED : deny('This org is not connected.');
    },
  );
}

/** Whether the typed text confirms a purge: the word 'please' in any case. */
export function isPurgeConfirmed(typed: string | null | undefined): boolean {
  return (typed ?? '').trim().toLowerCase() === PURGE_CONFIRMATION_WORD;
}
