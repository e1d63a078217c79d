// The push upgrade API's rules over HTTP: request creation, per-record eligibility errors of push
// jobs, activation and cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import { passwordToken, startTestSimulator } from '../test-support';
import { PushClient, type Subscriber } from './push-client';

let sim: RunningSimulator;
let core: PushClient;

beforeAll(async () => {
  sim = await startTestSimulator({ failureRate: 0.25 });
  core = new PushClient(sim, await passwordToken(sim, 'admin@relaycore.pushboard.demo'));
});
afterAll(async () => {
  await sim.close();
});

describe('push request creation', () => {
  it('creates a Created request for a released, non-beta version of this org’s package', async () => {
    const target = await core.latestReleased();
    const reply = await core.createRequest({
      PackageVersionId: target.Id,
      ScheduledStartTime: '2030-01-02T03:04:05Z',
    });
    expect(reply.status).toBe(201);
    const id = (reply.body as { id: string }).id;
    expect(id).toMatch(/^0DV[0-9A-Za-z]{15}$/);
    expect(await core.request(id)).toMatchObject({
      Status: 'Created',
      PackageVersionId: target.Id,
      ScheduledStartTime: '2030-01-02T03:04:05.000+0000',
      StartTime: null,
      EndTime: null,
      DurationSeconds: null,
    });
  });

  it('rejects beta, deprecated and foreign versions', async () => {
    const versions = await core.versions();
    const beta = versions.find((v) => v.ReleaseState === 'Beta');
    const deprecated = versions.find((v) => v.IsDeprecated);
    expect((await core.createRequest({ PackageVersionId: beta?.Id })).body).toMatchObject([
      { errorCode: 'FIELD_INTEGRITY_EXCEPTION', fields: ['PackageVersionId'] },
    ]);
    expect((await core.createRequest({ PackageVersionId: deprecated?.Id })).body).toMatchObject([
      { errorCode: 'FIELD_INTEGRITY_EXCEPTION' },
    ]);
    const bill = new PushClient(sim, await passwordToken(sim, 'admin@relaybill.pushboard.demo'));
    const foreign = await bill.latestReleased();
    expect((await core.createRequest({ PackageVersionId: foreign.Id })).body).toEqual([
      {
        message: 'invalid cross reference id',
        errorCode: 'INVALID_CROSS_REFERENCE_KEY',
        fields: ['PackageVersionId'],
      },
    ]);
    expect(
      (await core.createRequest({ ScheduledStartTime: '2030-01-01T00:00:00Z' })).body,
    ).toMatchObject([{ errorCode: 'REQUIRED_FIELD_MISSING', fields: ['PackageVersionId'] }]);
  });
});

describe('push job eligibility', () => {
  it('answers each ineligible org with a per-record error, in order', async () => {
    const target = await core.latestReleased();
    const [good, other] = await core.eligible(target.Id, 2);
    const subs = await core.query<Subscriber>(
      'SELECT Id, OrgKey, OrgStatus, MetadataPackageVersionId FROM PackageSubscriber',
    );
    const current = subs.find(
      (s) => s.MetadataPackageVersionId !== target.Id && s.OrgKey !== good && s.OrgKey !== other,
    );
    if (!good || !other || !current) throw new Error('test data too small');
    // Put one org on the target version and block another, behind the API.
    sim.control.updateRecord('relaycore', 'PackageSubscriber', current.Id, {
      MetadataPackageVersionId: target.Id,
    });
    const inactive = subs.find((s) => s.OrgStatus === 'Inactive');
    const blocked = subs.find(
      (s) => ![good, other, current.OrgKey, inactive?.OrgKey].includes(s.OrgKey),
    );
    if (!inactive || !blocked) throw new Error('test data too small');
    sim.control.updateRecord('relaycore', 'PackageSubscriber', blocked.Id, {
      HasRestrictionEnabled: true,
      CustomUpgradeType: 'BlockedBySubscriber',
    });
    const billOnly = (
      await new PushClient(
        sim,
        await passwordToken(sim, 'admin@relaybill.pushboard.demo'),
      ).query<Subscriber>('SELECT OrgKey FROM PackageSubscriber')
    ).find((s) => !subs.some((c) => c.OrgKey === s.OrgKey));

    const id = ((await core.createRequest({ PackageVersionId: target.Id })).body as { id: string })
      .id;
    const results = await core.addJobs(id, [
      good,
      good.slice(0, 15),
      current.OrgKey,
      inactive.OrgKey,
      blocked.OrgKey,
      billOnly?.OrgKey ?? '00D000000000001AAA',
      'hello',
      other,
    ]);
    expect(results.map((r) => (r.success ? 'ok' : r.errors[0]?.statusCode))).toEqual([
      'ok',
      'DUPLICATE_VALUE',
      'INVALID_OPERATION',
      'INVALID_OPERATION',
      'INVALID_OPERATION',
      'INVALID_OPERATION',
      'INVALID_OPERATION',
      'ok',
    ]);
    expect(results[1]?.errors[0]?.message).toMatch(
      /^duplicate value found: SubscriberOrganizationKey duplicates value on record with id: 0DX/,
    );
    expect(results[2]?.errors[0]?.message).toContain('already has version');
    expect(results[3]?.errors[0]?.message).toContain('inactive');
    expect(results[4]?.errors[0]?.message).toContain('blocked push upgrades');
    expect(results[5]?.errors[0]?.message).toContain('isn’t installed');
    expect(results[1]?.errors[0]?.fields).toEqual(['SubscriberOrganizationKey']);
    expect((await core.jobs(id)).map((j) => j.Status)).toEqual(['Created', 'Created']);

    const none = await core.addJobs(id, [other, good], true);
    expect(none.map((r) => r.errors[0]?.statusCode)).toEqual([
      'DUPLICATE_VALUE',
      'DUPLICATE_VALUE',
    ]);
    const unknown = await core.addJobs('0DV8c000000ZZZZZZZ', [good]);
    expect(unknown[0]?.errors[0]).toEqual({
      statusCode: 'INVALID_CROSS_REFERENCE_KEY',
      message: 'invalid cross reference id',
      fields: ['PackagePushRequestId'],
    });
  });
});

describe('activation and cancel', () => {
  it('activates only from Created with jobs, and cancels only from Created or Pending', async () => {
    const target = await core.latestReleased();
    const empty = (
      (await core.createRequest({ PackageVersionId: target.Id })).body as { id: string }
    ).id;
    expect((await core.setStatus(empty, 'Pending')).body).toMatchObject([
      { errorCode: 'INVALID_OPERATION', fields: ['Status'] },
    ]);
    expect((await core.setStatus(empty, 'Succeeded')).body).toMatchObject([
      { errorCode: 'INVALID_OPERATION' },
    ]);

    const keys = await core.eligible(target.Id, 6);
    const pending = await core.startPush(target.Id, keys.slice(0, 3), '2099-01-01T00:00:00Z');
    expect((await core.addJobs(pending, keys.slice(3, 4)))[0]?.errors[0]?.statusCode).toBe(
      'INVALID_OPERATION',
    );
    expect((await core.jobs(pending)).map((j) => j.Status)).toEqual([
      'Pending',
      'Pending',
      'Pending',
    ]);
    expect((await core.setStatus(pending, 'Canceled')).status).toBe(204);
    expect((await core.jobs(pending)).map((j) => j.Status)).toEqual([
      'Canceled',
      'Canceled',
      'Canceled',
    ]);
    expect((await core.setStatus(pending, 'Pending')).body).toMatchObject([
      { errorCode: 'INVALID_OPERATION' },
    ]);

    const running = await core.startPush(target.Id, keys.slice(3, 6));
    sim.control.advance(2_500);
    expect((await core.request(running)).Status).toBe('InProgress');
    expect((await core.setStatus(running, 'Canceled')).body).toEqual([
      {
        message:
          "Can’t abort package push upgrade request with status 'InProgress'. Only push upgrade requests with a status of 'Created' or 'Pending' can be cancelled.",
        errorCode: 'INVALID_OPERATION',
        fields: ['Status'],
      },
    ]);
    await core.runToEnd(running);
  });
});
