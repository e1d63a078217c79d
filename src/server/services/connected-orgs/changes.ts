// Operator changes to connected orgs (docs/product.md "Connected Orgs list", "Connected Org detail"
// and "Connected org states"; docs/api.md "Connected orgs"): Refresh re-reads the org from
// Salesforce, Revoke gives the grant back to Salesforce, Delete forgets the connection,
// Activate/Deactivate switches a packaging org on or off for upgrades, Edit sets the type and
// description. Every refusal is checked before anything changes, local state changes only after
// Salesforce accepted, each change is audited, and 'package-orgs' follows the commit.
import type { ConnectedOrg, ConnectedOrgEdit } from '../../../domain';
import { canActOnConnectedOrg, type ConnectedOrgAction } from '../../../domain/actions';
import type { Actor } from '../../actor';
import type { Database, SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import {
  markConnectedOrgRefreshed,
  updateConnectedOrgDetails,
} from '../../db/repositories/connected-org-details';
import { findConnectedOrgView } from '../../db/repositories/connected-org-reads';
import {
  deleteConnectedOrgs,
  findConnectedOrgStates,
  markConnectedOrgRevoked,
  setConnectedOrgsActive,
  updateConnectedOrgFields,
} from '../../db/repositories/connected-org-writes';
import { findConnectedOrg } from '../../db/repositories/connected-orgs';
import { ConflictError, InvalidError, NotFoundError, SalesforceError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { readOrganization } from './organization-record';
import { revokeAtSalesforce } from './revoke-token';
import type { SecretBox } from '../../secrets';

export interface ConnectedOrgChangeDeps {
  db: Database;
  secrets: SecretBox;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
}

type OrgState = Awaited<ReturnType<typeof findConnectedOrgStates>>[number];

export class ConnectedOrgChanges {
  constructor(private readonly deps: ConnectedOrgChangeDeps) {}

  private get gateway(): SalesforceGateway {
    if (!this.deps.gateway) throw new NotFoundError('Salesforce is not configured.');
    return this.deps.gateway;
  }

  /**
   * The selected orgs, all known (404 names the first unknown one) and all allowed the action
   * (409 with the domain rule's reason), so a selection either runs or is refused whole.
   */
  private async load(
    db: SqlClient,
    orgIds: string[],
    action: ConnectedOrgAction | null,
  ): Promise<OrgState[]> {
    const ids = [...new Set(orgIds)];
    const found = await findConnectedOrgStates(db, ids);
    const missing = ids.find((id) => !found.some((org) => org.org_id === id));
    if (missing) throw new NotFoundError(`No connected org ${missing}.`);
    if (action) {
      for (const org of found) {
        const rule = canActOnConnectedOrg({ read_only: false }, org, action);
        if (!rule.allowed) throw new ConflictError(`${org.name} (${org.org_id}): ${rule.reason}`);
      }
    }
    return found;
  }

  /** `db` is the change's transaction for a success; a failure's row stands alone. */
  private audit(
    db: SqlClient,
    actor: Actor,
    action: string,
    orgId: string,
    outcome: 'success' | 'failed',
    details: Record<string, unknown> = {},
  ) {
    return writeAudit(db, {
      actor: actor.username,
      action,
      targetType: 'connected_org',
      targetId: orgId,
      outcome,
      details,
    });
  }

  private changed(orgIds: string[]): void {
    if (orgIds.length > 0) this.deps.live.publish('package-orgs', { ids: orgIds });
  }

  /**
   * Re-reads each org's Organization record (name, division, namespace, instance); a working call
   * also proves the connection, and a lost grant turns it Invalid through the gateway (which
   * raises the invalid-org alert). Every org is tried; failures are reported together.
   */
  async refresh(actor: Actor, orgIds: string[]): Promise<{ orgIds: string[] }> {
    const orgs = await this.load(this.deps.db, orgIds, 'refresh');
    const done: string[] = [];
    const failures: string[] = [];
    for (const org of orgs) {
      try {
        const details = await readOrganization(await this.gateway.connect(org.org_id), org.org_id);
        await this.deps.db.transaction(async (tx) => {
          await updateConnectedOrgDetails(tx, org.org_id, details);
          await markConnectedOrgRefreshed(tx, org.org_id);
          await this.audit(tx, actor, 'connected-org.refresh', org.org_id, 'success');
        });
        done.push(org.org_id);
      } catch (error) {
        const message = (error as Error).message;
        await this.audit(this.deps.db, actor, 'connected-org.refresh', org.org_id, 'failed', {
          message,
        });
        failures.push(`${org.name} (${org.org_id}): ${message}`);
      }
    }
    // A failed refresh may have marked an org Invalid, which the list shows too.
    this.changed(orgs.map((org) => org.org_id));
    if (failures.length > 0) throw new SalesforceError(failures.join('\n'));
    return { orgIds: done };
  }

  /**
   * Revokes each org's refresh token at Salesforce (which ends its access tokens too), then
   * forgets the tokens and marks the org Invalid. An org whose revoke Salesforce refused keeps
   * its tokens and status.
   */
  async revoke(actor: Actor, orgIds: string[]): Promise<{ orgIds: string[] }> {
    const orgs = await this.load(this.deps.db, orgIds, 'revoke');
    const done: string[] = [];
    const failures: string[] = [];
    for (const org of orgs) {
      const row = await findConnectedOrg(this.deps.db, org.org_id);
      if (!row) continue;
      try {
        await revokeAtSalesforce(this.gateway, this.deps.secrets, row);
        await this.deps.db.transaction(async (tx) => {
          await markConnectedOrgRevoked(tx, org.org_id, `Revoked by ${actor.username}.`);
          await this.audit(tx, actor, 'connected-org.revoke', org.org_id, 'success');
        });
        this.gateway.forget(org.org_id);
        done.push(org.org_id);
      } catch (error) {
        const message = (error as Error).message;
        await this.audit(this.deps.db, actor, 'connected-org.revoke', org.org_id, 'failed', {
          message,
        });
        failures.push(`${org.name} (${org.org_id}): ${message}`);
      }
    }
    this.changed(done);
    if (failures.length > 0) throw new SalesforceError(failures.join('\n'));
    return { orgIds: done };
  }

  /**
   * Forgets the connections. The grant is given back to Salesforce first where it still works,
   * so no live token outlives its row; a revoke Salesforce refuses does not block the removal
   * (the audit records it), since an operator removes a connection most often when it is broken.
   */
  async remove(actor: Actor, orgIds: string[]): Promise<{ orgIds: string[] }> {
    const orgs = await this.load(this.deps.db, orgIds, null);
    const revoked: Record<string, boolean> = {};
    for (const org of orgs) {
      const row = await findConnectedOrg(this.deps.db, org.org_id);
      revoked[org.org_id] = false;
      if (!row || !this.deps.gateway || (!row.refresh_token_enc && !row.access_token_enc)) continue;
      revoked[org.org_id] = await revokeAtSalesforce(this.deps.gateway, this.deps.secrets, row)
        .then(() => true)
        .catch(() => false);
    }
    const deleted = await this.deps.db.transaction(async (tx) => {
      const ids = await deleteConnectedOrgs(
        tx,
        orgs.map((org) => org.org_id),
      );
      for (const id of ids) {
        await writeAudit(tx, {
          actor: actor.username,
          action: 'connected-org.delete',
          targetType: 'connected_org',
          targetId: id,
          outcome: 'success',
          details: { revokedAtSalesforce: revoked[id] ?? false },
        });
      }
      return ids;
    });
    for (const id of deleted) this.deps.gateway?.forget(id);
    this.changed(deleted);
    return { orgIds: deleted };
  }

  /** Activate/Deactivate: packaging orgs only (409 for any other type, nothing changed). */
  async setActive(actor: Actor, orgIds: string[], active: boolean): Promise<ConnectedOrg[]> {
    const ids = await this.deps.db.transaction(async (tx) => {
      const orgs = await this.load(tx, orgIds, 'toggleActive');
      const ids = orgs.map((org) => org.org_id);
      await setConnectedOrgsActive(tx, ids, active);
      for (const id of ids) {
        await writeAudit(tx, {
          actor: actor.username,
          action: active ? 'connected-org.activate' : 'connected-org.deactivate',
          targetType: 'connected_org',
          targetId: id,
          outcome: 'success',
        });
      }
      return ids;
    });
    this.changed(ids);
    return this.views(ids);
  }

  /** The Edit modal's save: type and description, nothing else. */
  async edit(actor: Actor, input: ConnectedOrgEdit & { org_id: string }): Promise<ConnectedOrg> {
    const description = input.description?.trim() ? input.description.trim() : null;
    await this.deps.db.transaction(async (tx) => {
      const [org] = await this.load(tx, [input.org_id], null);
      if (!org) throw new NotFoundError(`No connected org ${input.org_id}.`);
      await updateConnectedOrgFields(tx, org.org_id, { type: input.type, description });
      await writeAudit(tx, {
        actor: actor.username,
        action: 'connected-org.edit',
        targetType: 'connected_org',
        targetId: org.org_id,
        outcome: 'success',
        details: { type: { from: org.type, to: input.type }, description },
      });
    });
    this.changed([input.org_id]);
    const [view] = await this.views([input.org_id]);
    if (!view) throw new InvalidError(`No connected org ${input.org_id}.`, 'org_id');
    return view;
  }

  private async views(orgIds: string[]): Promise<ConnectedOrg[]> {
    const views = await Promise.all(orgIds.map((id) => findConnectedOrgView(this.deps.db, id)));
    return views.filter((view): view is ConnectedOrg => view !== null);
  }
}
