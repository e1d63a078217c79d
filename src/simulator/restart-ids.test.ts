// A simulator started again keeps nothing of the last run but its seed: records it rebuilds from
// the seed keep their ids, and with a restart-safe gap the records it creates get ids no earlier
// run handed out (a console keeps those: Pushboard's upgrade history holds push request ids).
import { afterAll, describe, expect, it } from 'vitest';
import { restartSafeIdGap, type RunningSimulator } from './index';
import { passwordToken, api, soql, startTestSimulator } from './test-support';

const started: RunningSimulator[] = [];
afterAll(async () => {
  await Promise.all(started.map((sim) => sim.close()));
});

async function run(recordIdGap?: number) {
  const sim = await startTestSimulator(recordIdGap === undefined ? {} : { recordIdGap });
  started.push(sim);
  const seeded = sim.control.counts('lma');
  const created = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      String(sim.control.createRecord('lma', 'Account', { Name: `Run account ${i}` }).Id),
    );
  return { sim, seeded, created };
}

describe('ids across restarts', () => {
  it('gives created records new ids in every run and finds them by id; seeded ids stay', async () => {
    const now = Date.UTC(2026, 0, 1);
    const first = await run(restartSafeIdGap(now));
    const second = await run(restartSafeIdGap(now + 60_000));
    const plain = await run();
    expect(second.seeded).toEqual(first.seeded);

    const [a1, a2] = first.created(2);
    const [b1] = second.created(1);
    const [c1] = plain.created(1);
    expect(new Set([a1, a2, b1, c1]).size).toBe(4);
    // Increasing within a run and from one run to a later one, so Id order is creation order.
    expect(a1! < a2!).toBe(true);
    expect(a2! < b1!).toBe(true);

    // The gap is invisible to readers: by id, by a SOQL filter on Id, and an id of the skipped
    // range (or of another run) names nothing.
    expect(second.sim.control.getRecord('lma', 'Account', b1!)).toMatchObject({
      Name: 'Run account 0',
    });
    expect(second.sim.control.getRecord('lma', 'Account', a1!)).toBeUndefined();
    const token = await passwordToken(second.sim, 'admin@pushboard.demo');
    const found = await api(
      token.instance_url,
      token.access_token,
      soql(`SELECT Id, Name FROM Account WHERE Id IN ('${b1!}', '${a1!}')`),
    );
    expect((found.body as { records: { Id: string }[] }).records.map((r) => r.Id)).toEqual([b1]);
    const seededAccount = await api(
      token.instance_url,
      token.access_token,
      soql('SELECT Id FROM Account ORDER BY Id LIMIT 1'),
    );
    const firstToken = await passwordToken(first.sim, 'admin@pushboard.demo');
    const seededBefore = await api(
      firstToken.instance_url,
      firstToken.access_token,
      soql('SELECT Id FROM Account ORDER BY Id LIMIT 1'),
    );
    expect(seededAccount.body).toEqual(seededBefore.body);
  });

  it('keeps its gap within nine base-62 digits and exact integers for centuries', () => {
    const year2500 = Date.UTC(2500, 0, 1);
    expect(restartSafeIdGap(year2500) + 10_000_000).toBeLessThan(62 ** 9);
    expect(restartSafeIdGap(year2500) + 10_000_000).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
