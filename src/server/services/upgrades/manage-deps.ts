// What the management actions (cancel, retry, purge) share: their dependencies, the audit of
// each attempt (in the change's transaction), and the domain's action rules asked about state alone (the read-only rule is the
// route's requireChange, so a refusal here is always a 409 about the upgrade's state).
import type { Actor as PolicyActor } from '../../../domain/policy';
import type { Actor } from '../../actor';
import type { Database } from '../../db/database';
import { SalesforceError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { audited as auditedChange, type AuditRecorder, type AuditTarget } from '../audit/audited';

export interface ManageDeps {
  db: Database;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
}

/** The rules' actor for state checks: never read-only, no policy (cancel and retry have none). */
export const STATE_ONLY: PolicyActor = {
  username: null,
  read_only: false,
  enforce_activation_policy: false,
};

export function requireGateway(deps: ManageDeps): SalesforceGateway {
  if (!deps.gateway) throw new SalesforceError('No Salesforce connection is configured.');
  return deps.gateway;
}

/** Runs a change and writes its audit row in the change's transaction (services/audit). */
export function audited<T>(
  deps: ManageDeps,
  actor: Actor,
  action: string,
  target: AuditTarget,
  details: Record<string, unknown>,
  fn: (record: AuditRecorder) => Promise<T>,
): Promise<T> {
  return auditedChange(deps.db, actor, action, target, details, fn);
}
