// Monitor connected orgs: working orgs stay Connected, a revoked grant makes the org Invalid with
// exactly one ALERT_INVALID_ORG, and other failures are reported without passing for success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConnectedOrg } from '../db/repositories/connected-orgs';
import { monitorOrgsJob } from './monitor-orgs';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
let billing: string;
let core: string;

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  billing = h.packagingIds.get('relaybill') ?? '';
  core = h.packagingIds.get('relaycore') ?? '';
});
afterAll(async () => {
  await h.close();
});

const status = async (orgId: string) => (await findConnectedOrg(h.testDb.db, orgId))?.status;
const alerts = () => h.live.named('ALERT_INVALID_ORG');

describe('Monitor connected orgs', () => {
  it('checks every org and refreshes expired access tokens', async () => {
    const before = await findConnectedOrg(h.testDb.db, core);
    h.sim.control.expireTokens({ org: core });
    const context = await runJob(monitorOrgsJob(h.deps));
    expect(context.errorMessages()).toEqual([]);
    expect(context.results.at(-1)?.message).toBe(
      'Checked 3 connected orgs: 3 working, 0 lost their authorization, 0 could not be checked',
    );
    const after = await findConnectedOrg(h.testDb.db, core);
    expect(after?.status).toBe('Connected');
    expect(after?.access_token_enc).not.toBe(before?.access_token_enc);
  });

  it('marks an org Invalid on invalid_grant and raises the alert once', async () => {
    const org = await findConnectedOrg(h.testDb.db, billing);
    const refreshToken = h.secrets.decrypt(org?.refresh_token_enc ?? '');
    const revoked = await fetch(`${h.sim.url}/services/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: refreshToken }),
    });
    expect(revoked.status).toBe(200);
    h.sim.control.expireTokens({ org: billing });

    const first = await runJob(monitorOrgsJob(h.deps));
    expect(await status(billing)).toBe('Invalid');
    expect((await findConnectedOrg(h.testDb.db, billing))?.status_reason).toMatch(
      /^Salesforce refused its refresh token \(.*\): connect the org again\.$/,
    );
    expect(first.errorMessages()).toEqual([
      `Relay Billing Packaging (${billing}) needs to be connected again.`,
    ]);
    expect(alerts()).toEqual([
      {
        subject: 'Connection lost',
        message: expect.stringContaining('Relay Billing Packaging') as string,
        org: {
          org_id: billing,
          name: 'Relay Billing Packaging',
          instance_url: org?.instance_url,
          type: 'Package',
        },
      },
    ]);
    expect(JSON.stringify(alerts())).not.toMatch(/token/i);

    const second = await runJob(monitorOrgsJob(h.deps));
    expect(alerts()).toHaveLength(1);
    expect(second.results.map((r) => r.message)).toContain(
      `Relay Billing Packaging (${billing}) needs to be connected again`,
    );
    expect(second.errorMessages()).toEqual([]);
  });

  it('marks an org without tokens Invalid itself, also with one alert', async () => {
    await h.testDb.db.query(
      'UPDATE connected_org SET access_token_enc = NULL, refresh_token_enc = NULL WHERE org_id = $1',
      [core],
    );
    h.gateway.forget(core);
    await runJob(monitorOrgsJob(h.deps));
    await runJob(monitorOrgsJob(h.deps));
    expect(await status(core)).toBe('Invalid');
    expect((await findConnectedOrg(h.testDb.db, core))?.status_reason).toBe(
      'No token is stored for it: connect the org again.',
    );
    expect(alerts().map((a) => (a as { org: { org_id: string } }).org.org_id)).toEqual([
      billing,
      core,
    ]);
  });

  it('reports any other failure and never takes it for a working connection', async () => {
    h.sim.control.setFaults('lma', { requestLimitRate: 1 });
    try {
      const context = await runJob(monitorOrgsJob(h.deps));
      expect(context.errorMessages()).toEqual([
        expect.stringMatching(/^Checking Relay Software Inc\. \(.*\) failed: /),
      ]);
      expect(context.results.at(-1)?.message).toBe(
        'Checked 1 connected org: 0 working, 0 lost their authorization, 1 could not be checked',
      );
    } finally {
      h.sim.control.clearFaults();
    }
    expect(await status(h.lmaId)).toBe('Connected');
    expect(alerts()).toHaveLength(2);
  });
});
