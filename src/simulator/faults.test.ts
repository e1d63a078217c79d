// Fault injection per org, set at start-up, in-process, or over the /__sim control API.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSimulator } from './index';
import { ApiUsage } from './store/usage';
import {
  API,
  api,
  orgInfo,
  passwordToken,
  startTestSimulator,
  type TokenReply,
} from './test-support';

let sim: RunningSimulator;
let lma: TokenReply;
let core: TokenReply;

beforeAll(async () => {
  sim = await startTestSimulator();
  lma = await passwordToken(sim, 'admin@pushboard.demo');
  core = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  sim.control.clearFaults();
});

const limits = (t: TokenReply) => api(t.instance_url, t.access_token, `${API}/limits`);

describe('fault injection', () => {
  it('answers 5xx in Salesforce’s shape, only for the targeted org', async () => {
    sim.control.setFaults('lma', { serverErrorRate: 1 });
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const reply = await limits(lma);
      seen.add(reply.status);
      const code = reply.status === 503 ? 'SERVER_UNAVAILABLE' : 'UNKNOWN_EXCEPTION';
      expect(reply.body).toEqual([{ message: expect.any(String) as string, errorCode: code }]);
    }
    expect(seen).toEqual(new Set([500, 503]));
    expect((await limits(core)).status).toBe(200);
  });

  it('drops connections', async () => {
    sim.control.setFaults(orgInfo(sim, 'lma').orgId, { dropRate: 1 });
    await expect(limits(lma)).rejects.toThrow();
  });

  it('loses the answer of work it carried out (a timeout after the commit)', async () => {
    const orgId = orgInfo(sim, 'lma').orgId;
    const accounts = () => sim.control.counts('lma')[orgId]?.Account ?? 0;
    const before = accounts();
    sim.control.setFaults('lma', { lostAnswerRate: 1 });
    const created = api(lma.instance_url, lma.access_token, `${API}/sobjects/Account`, {
      method: 'POST',
      body: { Name: 'Lost answer' },
    });
    await expect(created).rejects.toThrow();
    sim.control.clearFaults();
    // The record was saved all the same, and the org answers normally again.
    expect(accounts()).toBe(before + 1);
    expect((await limits(lma)).status).toBe(200);
  });

  it('hangs without doing anything until the client gives up', async () => {
    const orgId = orgInfo(sim, 'lma').orgId;
    const accounts = () => sim.control.counts('lma')[orgId]?.Account ?? 0;
    const before = accounts();
    sim.control.resetFaultCounts();
    sim.control.setFaults('lma', { hangRate: 1 });
    const controller = new AbortController();
    let settled = false;
    const created = fetch(`${lma.instance_url}${API}/sobjects/Account`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${lma.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Hung' }),
      signal: controller.signal,
    }).finally(() => (settled = true));
    await vi.waitFor(() => expect(sim.control.faultCounts().hang).toBe(1));
    // Several turns of the event loop later there is still no answer.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    controller.abort();
    await expect(created).rejects.toThrow();
    sim.control.clearFaults();
    expect(accounts()).toBe(before);
    expect((await limits(lma)).status).toBe(200);
  });

  it('counts the faults it injected, per kind', async () => {
    sim.control.resetFaultCounts();
    sim.control.setFaults('lma', { serverErrorRate: 1 });
    await limits(lma);
    await limits(lma);
    sim.control.setFaults('lma', { requestLimitRate: 1 });
    await limits(lma);
    sim.control.clearFaults();
    await limits(lma);
    expect(sim.control.faultCounts()).toEqual({
      none: 1,
      serverError: 2,
      requestLimit: 1,
      drop: 0,
      expireToken: 0,
      loseAnswer: 0,
      hang: 0,
    });
    const served = await fetch(`${sim.url}/__sim/fault-counts`);
    expect(await served.json()).toEqual(sim.control.faultCounts());
    await fetch(`${sim.url}/__sim/fault-counts`, { method: 'DELETE' });
    expect(sim.control.faultCounts().serverError).toBe(0);
  });

  it('answers REQUEST_LIMIT_EXCEEDED', async () => {
    sim.control.setFaults('relaycore', { requestLimitRate: 1 });
    expect(await limits(core)).toMatchObject({
      status: 403,
      body: [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
    });
  });

  it('expires the presented token on the spot', async () => {
    const token = await passwordToken(sim, 'operator@pushboard.demo');
    sim.control.setFaults('all', { tokenExpiryRate: 1 });
    expect((await limits(token)).status).toBe(401);
    sim.control.clearFaults();
    expect(await limits(token)).toMatchObject({
      status: 401,
      body: [{ errorCode: 'INVALID_SESSION_ID' }],
    });
    expect((await limits(lma)).status).toBe(200);
  });

  it('adds latency', async () => {
    sim.control.setFaults('lma', { latencyMs: 150 });
    const started = Date.now();
    expect((await limits(lma)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('applies rates at a share of requests, repeatably', async () => {
    sim.control.setFaults('lma', { serverErrorRate: 0.5 });
    let failures = 0;
    for (let i = 0; i < 40; i++) if ((await limits(lma)).status >= 500) failures++;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
  });

  it('takes faults at start-up and over the control API', async () => {
    const other = await startTestSimulator({
      faults: { orgs: { relaycore: { requestLimitRate: 1 } } },
    });
    try {
      const pkg = await passwordToken(other, 'admin@relaycore.pushboard.demo');
      const own = await passwordToken(other, 'admin@pushboard.demo');
      expect((await limits(pkg)).status).toBe(403);
      expect((await limits(own)).status).toBe(200);
      const put = await fetch(`${other.url}/__sim/faults/lma`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serverErrorRate: 1 }),
      });
      expect(put.status).toBe(200);
      expect((await limits(own)).status).toBeGreaterThanOrEqual(500);
      const bad = await fetch(`${other.url}/__sim/faults/lma`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serverErrorRate: 2 }),
      });
      expect([bad.status, await bad.json()]).toEqual([
        400,
        { error: 'serverErrorRate must be between 0 and 1' },
      ]);
      await fetch(`${other.url}/__sim/faults/all`, { method: 'DELETE' });
      expect((await limits(own)).status).toBe(200);
      expect((await limits(pkg)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('daily API allocation', () => {
  it('counts requests over a rolling 24 hours and reports exhaustion', () => {
    let now = Date.UTC(2024, 4, 1, 10);
    const usage = new ApiUsage(
      () => now,
      () => 3,
    );
    usage.record('org');
    usage.record('org');
    expect(usage.exhausted('org')).toBe(false);
    usage.record('org');
    expect([usage.used('org'), usage.exhausted('org')]).toEqual([3, true]);
    now += 25 * 3_600_000;
    expect([usage.used('org'), usage.exhausted('org')]).toEqual([0, false]);
  });
});
