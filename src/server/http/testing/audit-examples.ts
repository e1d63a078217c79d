// One example request per change route that succeeds, with the audit row it must write
// (audit-coverage.test.ts drives each against the fixture of audit-fixture.ts).
import { failureKey } from '../../../domain/failure-clusters';
import {
  h,
  engine,
  OPERATOR,
  OTHER,
  one,
  send,
  candidates,
  scheduleBody,
  scheduleOrg,
  knownOrgs,
  connectedOrg,
  expected,
  type Example,
  nextSerial,
} from './audit-fixture';

export const EXAMPLES: Record<string, () => Promise<Example>> = {
  'POST /api/tokens': async () => ({
    method: 'POST',
    url: '/api/tokens',
    body: {
      name: 'Audited',
      scope: 'read',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
    expect: expected('token.create', 'api_token', null),
  }),
  'DELETE /api/tokens/:id': async () => {
    const created = await send('POST', '/api/tokens', {
      name: 'To revoke',
      scope: 'read',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { id } = created.json<{ id: number }>();
    return {
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      expect: expected('token.revoke', 'api_token', id),
    };
  },
  'PUT /api/filters': async () => ({
    method: 'PUT',
    url: '/api/filters',
    body: { key: 'LicenseList', name: 'Audited', query: [{ id: 'status', value: 'Active' }] },
    expect: expected('savedfilter.create', 'saved_filter', null),
  }),
  'DELETE /api/filters/:id': async () => {
    const created = await send('PUT', '/api/filters', {
      key: 'LicenseList',
      name: 'To delete',
      query: [],
    });
    const { id } = created.json<{ id: number }>();
    return {
      method: 'DELETE',
      url: `/api/filters/${id}`,
      expect: expected('savedfilter.delete', 'saved_filter', id),
    };
  },
  'PUT /api/orggroups': async () => ({
    method: 'PUT',
    url: '/api/orggroups',
    body: { name: 'Audited group', orgIds: await knownOrgs(1) },
    expect: expected('orggroup.create', 'org_group', null),
  }),
  'POST /api/orggroups/:id/members': async () => {
    const group = await groupNamed('Audited group');
    return {
      method: 'POST',
      url: `/api/orggroups/${group}/members`,
      body: { orgIds: (await knownOrgs(2)).slice(1) },
      expect: expected('orggroup.members.add', 'org_group', group),
    };
  },
  'POST /api/orggroups/:id/members/remove': async () => {
    const group = await groupNamed('Audited group');
    const member = await memberOf(group);
    return {
      method: 'POST',
      url: `/api/orggroups/${group}/members/remove`,
      body: { orgIds: [member] },
      expect: expected('orggroup.members.remove', 'org_group', group),
    };
  },
  'POST /api/orggroups/members/:orgId/remove': async () => {
    const group = await groupNamed('Audited group');
    const member = await memberOf(group);
    return {
      method: 'POST',
      url: `/api/orggroups/members/${member}/remove`,
      body: { orgGroupIds: [group] },
      expect: expected('orggroup.members.remove', 'org', member),
    };
  },
  'POST /api/orggroups/delete': async () => {
    const group = await groupNamed('Audited group');
    return {
      method: 'POST',
      url: '/api/orggroups/delete',
      body: { orggroupIds: [group] },
      expect: expected('orggroup.delete', 'org_group', group),
    };
  },
  'PUT /api/orgs': async () => ({
    method: 'PUT',
    url: '/api/orgs',
    body: { orgIds: await knownOrgs(1), transid: `import-${nextSerial()}` },
    expect: expected('org.import', 'org', null),
  }),
  'PUT /api/orgs/:orgId/blacklist': async () => {
    const [orgId] = await knownOrgs(1);
    return {
      method: 'PUT',
      url: `/api/orgs/${orgId}/blacklist`,
      body: { blacklisted: true },
      expect: expected('org.blacklist', 'org', orgId!),
    };
  },
  'POST /api/orgs/:orgId/upgrade': async () => {
    const [candidate] = await candidates(1);
    return {
      method: 'POST',
      url: `/api/orgs/${candidate!.org_id}/upgrade`,
      body: scheduleBody([candidate!.target]),
      expect: expected('upgrade.schedule', 'org', candidate!.org_id),
    };
  },
  'POST /api/orggroups/:id/upgrade': async () => {
    const [candidate] = await candidates(1);
    const group = await one<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ($1, 'Upgrade Group') RETURNING id::int AS id`,
      [`Upgrade group ${nextSerial()}`],
    );
    await h.testDb.db.query(`INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)`, [
      group.id,
      candidate!.org_id,
    ]);
    return {
      method: 'POST',
      url: `/api/orggroups/${group.id}/upgrade`,
      body: scheduleBody([candidate!.target]),
      expect: expected('upgrade.schedule', 'org_group', group.id),
    };
  },
  'POST /api/upgrades/activate/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/activate/${upgradeId}`,
      body: {},
      as: 'other', // the activation policy: not the creator
      expect: expected('upgrade.activate', 'upgrade', upgradeId, OTHER),
    };
  },
  'POST /api/upgradeitems/activate/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/activate/${itemId}`,
      body: {},
      as: 'other',
      expect: expected('upgradeitem.activate', 'upgrade_item', itemId, OTHER),
    };
  },
  'POST /api/upgrades/refresh/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/refresh/${upgradeId}`,
      body: {},
      expect: expected('upgrade.refresh', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgradeitems/refresh/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/refresh/${itemId}`,
      body: {},
      expect: expected('upgradeitem.refresh', 'upgrade_item', itemId),
    };
  },
  'POST /api/upgrades/cancel/:id': async () => {
    const { upgradeId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgrades/cancel/${upgradeId}`,
      body: { comment: 'audit coverage' },
      expect: expected('upgrade.cancel', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgradeitems/cancel/:id': async () => {
    const { itemId } = await scheduleOrg();
    return {
      method: 'POST',
      url: `/api/upgradeitems/cancel/${itemId}`,
      body: { comment: 'audit coverage' },
      expect: expected('upgradeitem.cancel', 'upgrade_item', itemId),
    };
  },
  'POST /api/upgrades/retry/:id': async () => {
    // A job that failed in Salesforce, as the monitor would have recorded it.
    const { upgradeId } = await scheduleOrg();
    await h.testDb.db.query(`UPDATE upgrade_job SET status = 'Failed' WHERE upgrade_id = $1`, [
      upgradeId,
    ]);
    return {
      method: 'POST',
      url: `/api/upgrades/retry/${upgradeId}`,
      body: {},
      expect: expected('upgrade.retry', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgrades/:id/failure-clusters/retry': async () => {
    // Failed jobs with their cluster key, as the monitor writes them.
    const { upgradeId } = await scheduleOrg();
    const key = failureKey('audit coverage');
    await h.testDb.db.query(
      `UPDATE upgrade_job SET status = 'Failed', message = 'audit coverage', failure_key = $2
        WHERE upgrade_id = $1`,
      [upgradeId, key],
    );
    return {
      method: 'POST',
      url: `/api/upgrades/${upgradeId}/failure-clusters/retry`,
      body: { key },
      expect: expected('upgrade.retry', 'upgrade', upgradeId),
    };
  },
  'POST /api/upgrades/:id/failure-clusters/blacklist': async () => {
    const { upgradeId } = await scheduleOrg();
    const key = failureKey('audit coverage');
    await h.testDb.db.query(
      `UPDATE upgrade_job SET status = 'Failed', message = 'audit coverage', failure_key = $2
        WHERE upgrade_id = $1`,
      [upgradeId, key],
    );
    const group = await one<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ($1, 'Blacklist Group') RETURNING id::int AS id`,
      [`Cluster blacklist ${nextSerial()}`],
    );
    return {
      method: 'POST',
      url: `/api/upgrades/${upgradeId}/failure-clusters/blacklist`,
      body: { key, groupId: group.id, reason: 'audit coverage' },
      expect: expected('orggroup.members.add', 'org_group', group.id),
    };
  },
  'POST /api/upgrades/purge': async () => {
    const { upgradeId } = await scheduleOrg();
    await send('POST', `/api/upgrades/cancel/${upgradeId}`, { comment: 'to purge' });
    return {
      method: 'POST',
      url: '/api/upgrades/purge',
      body: { upgradeIds: [upgradeId] },
      expect: expected('upgrade.purge', 'upgrade', upgradeId),
    };
  },
  'POST /api/admin/jobs/cancel': async () => {
    const jobId = await engine.start('fetch', {}, OPERATOR);
    return {
      method: 'POST',
      url: '/api/admin/jobs/cancel',
      body: { jobIds: [jobId] },
      expect: expected('job.cancel', 'admin_job', jobId),
    };
  },
  'PUT /api/packageorgs': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'PUT',
      url: '/api/packageorgs',
      body: { org_id: orgId, type: 'Package', description: 'Audited' },
      expect: expected('connected-org.edit', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/activation': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'POST',
      url: '/api/packageorgs/activation',
      body: { orgIds: [orgId], flag: true },
      expect: expected('connected-org.activate', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/refresh': async () => {
    const orgId = await connectedOrg('Package');
    return {
      method: 'POST',
      url: '/api/packageorgs/refresh',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.refresh', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/revoke': async () => {
    const orgId = await connectedOrg('Licenses');
    return {
      method: 'POST',
      url: '/api/packageorgs/revoke',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.revoke', 'connected_org', orgId),
    };
  },
  'POST /api/packageorgs/delete': async () => {
    const orgId = await connectedOrg('Licenses');
    return {
      method: 'POST',
      url: '/api/packageorgs/delete',
      body: { orgIds: [orgId] },
      expect: expected('connected-org.delete', 'connected_org', orgId),
    };
  },
};

export async function groupNamed(name: string): Promise<number> {
  return (await one<{ id: number }>(`SELECT id::int AS id FROM org_group WHERE name = $1`, [name]))
    .id;
}

export async function memberOf(group: number): Promise<string> {
  return (
    await one<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM org_group_member WHERE org_group_id = $1 LIMIT 1`,
      [group],
    )
  ).org_id;
}
