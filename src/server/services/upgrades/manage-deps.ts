// What the management actions (cancel, retry, purge) share: their dependencies, the audit of
// each attempt, and the domain's action rules asked about state alone (the read-only rule is the
// route's requireChange, so a refusal here is always a 409 about the upgrade's state).
import type { Actor as PolicyActor } from '../../../domain/policy';
import type { Actor } from '../../actor';
import type { Database } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import { ForbiddenError, SalesforceError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';

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

/** Runs a change and writes its audit row: success with the result, or failed with the message. */
export async function audited<T>(
  deps: ManageDeps,
  actor: Actor,
  action: string,
  target: { type: string; id: string },
  details: Record<string, unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  const write = (outcome: 'success' | 'denied' | 'failed', more: Record<string, unknown>) =>
    writeAudit(deps.db, {
      actor: actor.username,
      action,
      targetType: target.type,
      targetId: target.id,
      outcome,
      details: { ...details, ...more },
    });
  try {
    const result = await fn();
    await write('success', { result });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await write(error instanceof ForbiddenError ? 'denied' : 'failed', { message });
    throw error;
  }
}
