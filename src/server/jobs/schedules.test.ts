import { describe, expect, it } from 'vitest';
import { msUntilNextSlot, plannedSchedules, slotOf } from './schedules';

describe('JOB_SCHEDULES', () => {
  it('maps each key to its job type and interval, and -1 or a missing key to off', () => {
    const planned = plannedSchedules(
      {
        org_monitor_interval_seconds: 240,
        fetch_interval_minutes: 5,
        fetch_all_interval_days: 1,
        upload_orgs_interval_hours: -1,
        upgrade_monitor_interval_seconds: 30,
      },
      false,
    );
    expect(planned.recurring).toEqual([
      { key: 'monitor-orgs:240000', type: 'monitor-orgs', intervalMs: 240_000 },
      { key: 'fetch:300000', type: 'fetch', intervalMs: 300_000 },
      { key: 'fetch-all:86400000', type: 'fetch-all', intervalMs: 86_400_000 },
      { key: 'fetch-upgrades:30000', type: 'fetch-upgrades', intervalMs: 30_000 },
    ]);
    expect(planned.once).toEqual([]);
    expect(plannedSchedules(undefined, false)).toEqual({ recurring: [], once: [] });
  });

  it('in demo mode: a full fetch at the first start, fetch every 5 minutes, monitor the orgs every 4 and the upgrades every 30 s', () => {
    expect(plannedSchedules(undefined, true)).toEqual({
      recurring: [
        { key: 'monitor-orgs:240000', type: 'monitor-orgs', intervalMs: 240_000 },
        { key: 'fetch:300000', type: 'fetch', intervalMs: 300_000 },
        { key: 'fetch-upgrades:30000', type: 'fetch-upgrades', intervalMs: 30_000 },
      ],
      once: [{ key: 'fetch-all:first-start', type: 'fetch-all', intervalMs: null }],
    });
    // Explicit schedules win over the demo defaults.
    expect(plannedSchedules({ fetch_interval_minutes: 10 }, true).recurring).toEqual([
      { key: 'fetch:600000', type: 'fetch', intervalMs: 600_000 },
    ]);
  });

  it('cuts time into epoch-aligned slots (UTC midnight for days) and wakes just after the next', () => {
    const day = 86_400_000;
    const noon = Date.UTC(2026, 0, 15, 12);
    expect(slotOf(noon, day)).toBe(slotOf(Date.UTC(2026, 0, 15, 0), day));
    expect(slotOf(Date.UTC(2026, 0, 16, 0), day)).toBe(slotOf(noon, day) + 1);
    const wait = msUntilNextSlot(noon, day);
    expect(slotOf(noon + wait, day)).toBe(slotOf(noon, day) + 1);
    expect(wait).toBeGreaterThan(12 * 3600_000);
    expect(slotOf(noon + 90_000, 90_000)).toBe(slotOf(noon, 90_000) + 1);
  });
});
