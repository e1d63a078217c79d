// Which orgs an incremental fetch derives because a license lapsed with the calendar: only those
// whose license expired since the last complete derivation (every org was derived then), and
// every org when the calendar went back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../domain/time';
import { findOrgsWithLapsedLicenses } from '../db/repositories/orgs';
import { lastDerivationDay } from '../db/repositories/sync-state';
import { utcDate } from './deps';
import { fetchAllJob } from './fetch-job';
import { derivationScope, newFetchRun } from './fetch-run';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
let today: string;
/** An org with an Active license of a package it has installed, as the full fetch left it. */
let license: { sfid: string; org_id: string };

const expireOn = (day: string) =>
  h.testDb.db.query('UPDATE license SET expiration = $1 WHERE sfid = $2', [day, license.sfid]);

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  const context = await runJob(fetchAllJob(h.deps));
  expect(context.errorMessages()).toEqual([]);
  today = utcDate(h.deps.now());
  const { rows } = await h.testDb.db.query<{ sfid: string; org_id: string }>(
    `SELECT l.sfid, l.org_id FROM license l
     JOIN org_package_version v ON v.org_id = l.org_id AND v.package_id = l.package_id
     WHERE v.license_status = 'Active' AND l.status = 'Active' ORDER BY l.sfid LIMIT 1`,
  );
  license = rows[0] ?? { sfid: '', org_id: '' };
  expect(license.sfid).not.toBe('');
});
afterAll(async () => {
  await h.close();
});

describe('licenses lapsed with the calendar', () => {
  it('remembers the day of the last complete derivation', async () => {
    expect(await lastDerivationDay(h.testDb.db)).toBe(today);
  });

  it('finds a license that expired on or after that day, not one that expired before it', async () => {
    const tomorrow = addCalendarDays(today, 1);
    await expireOn(today);
    expect(await findOrgsWithLapsedLicenses(h.testDb.db, tomorrow, today)).toContain(
      license.org_id,
    );
    // Expired yesterday yet still shown Active (as no derivation could leave it): outside the
    // window, so only the unbounded search finds it.
    await expireOn(addCalendarDays(today, -1));
    expect(await findOrgsWithLapsedLicenses(h.testDb.db, tomorrow, today)).not.toContain(
      license.org_id,
    );
    expect(await findOrgsWithLapsedLicenses(h.testDb.db, tomorrow)).toContain(license.org_id);
    await expireOn(addCalendarDays(today, 400));
  });

  it('scopes an incremental run to the lapsed orgs, or to every org when the calendar went back', async () => {
    await expireOn(today);
    const nextDay = { ...newFetchRun(h.deps, false), today: addCalendarDays(today, 1) };
    expect(await derivationScope(h.testDb.db, nextDay)).toEqual([license.org_id]);
    const sameDay = { ...newFetchRun(h.deps, false), today };
    expect(await derivationScope(h.testDb.db, sameDay)).toEqual([]);
    const dayBefore = { ...newFetchRun(h.deps, false), today: addCalendarDays(today, -1) };
    expect(await derivationScope(h.testDb.db, dayBefore)).toBeUndefined();
    await expireOn(addCalendarDays(today, 400));
  });
});
