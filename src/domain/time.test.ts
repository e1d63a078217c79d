import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addUnits,
  calendarDateCeiling,
  calendarDateOf,
  instantOf,
  isRealDate,
  isValidTimeZone,
  startOfUnit,
  wallTimeOf,
  type TimeUnit,
} from './time';

const iso = (ms: number): string => new Date(ms).toISOString();
const at = (text: string): number => Date.parse(text);

describe('wall times and instants', () => {
  it('reads the wall clock of an instant', () => {
    expect(wallTimeOf(at('2024-03-10T15:00:00Z'), 'America/New_York')).toEqual({
      year: 2024,
      month: 3,
      day: 10,
      hour: 11,
      minute: 0,
      second: 0,
      millisecond: 0,
    });
  });

  const wall = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });

  it.each([
    ['a normal time', wall(2024, 5, 1, 12), 'America/New_York', '2024-05-01T16:00:00.000Z'],
    [
      'a time in the spring-forward gap moves forward',
      wall(2024, 3, 10, 2, 30),
      'America/New_York',
      '2024-03-10T07:30:00.000Z',
    ],
    [
      'an ambiguous fall-back time takes the earlier instant',
      wall(2024, 11, 3, 1, 30),
      'America/New_York',
      '2024-11-03T05:30:00.000Z',
    ],
    [
      'a skipped midnight starts the day at 01:00',
      wall(2024, 9, 8),
      'America/Santiago',
      '2024-09-08T04:00:00.000Z',
    ],
    ['a 45-minute offset', wall(2024, 1, 1), 'Asia/Kathmandu', '2023-12-31T18:15:00.000Z'],
    ['a half-hour DST shift', wall(2024, 4, 7), 'Australia/Lord_Howe', '2024-04-06T13:00:00.000Z'],
  ])('%s', (_name, wallTime, zone, expected) => {
    expect(iso(instantOf(wallTime, zone))).toBe(expected);
  });

  it('knows valid time zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('start of units and adding units across DST', () => {
  it.each<[string, TimeUnit, string, string]>([
    ['2024-03-10T15:00:00Z', 'day', 'America/New_York', '2024-03-10T05:00:00.000Z'],
    ['2024-11-03T15:00:00Z', 'day', 'America/New_York', '2024-11-03T04:00:00.000Z'],
    ['2024-11-03T06:30:00Z', 'hour', 'America/New_York', '2024-11-03T06:00:00.000Z'],
    ['2024-01-01T00:20:00Z', 'hour', 'Asia/Kathmandu', '2024-01-01T00:15:00.000Z'], // 06:05 local
    ['2024-03-13T15:00:00Z', 'week', 'UTC', '2024-03-10T00:00:00.000Z'],
    ['2024-05-20T10:00:00Z', 'month', 'Europe/Berlin', '2024-04-30T22:00:00.000Z'],
    ['2024-05-20T10:00:00Z', 'quarter', 'Europe/Berlin', '2024-03-31T22:00:00.000Z'],
    ['2024-05-20T10:00:00Z', 'year', 'Europe/Berlin', '2023-12-31T23:00:00.000Z'],
    ['2024-05-20T10:07:31.5Z', 'minute', 'UTC', '2024-05-20T10:07:00.000Z'],
  ])('start of the %s containing %s in %s', (instant, unit, zone, expected) => {
    expect(iso(startOfUnit(at(instant), unit, zone))).toBe(expected);
  });

  it('starts weeks on the requested day', () => {
    expect(iso(startOfUnit(at('2024-03-13T15:00:00Z'), 'week', 'UTC', 1))).toBe(
      '2024-03-11T00:00:00.000Z',
    );
    expect(iso(startOfUnit(at('2024-03-10T15:00:00Z'), 'week', 'UTC', 1))).toBe(
      '2024-03-04T00:00:00.000Z',
    );
  });

  it.each<[string, number, TimeUnit, string, string]>([
    ['2024-03-10T05:00:00Z', 1, 'day', 'America/New_York', '2024-03-11T04:00:00.000Z'],
    ['2024-11-03T04:00:00Z', 1, 'day', 'America/New_York', '2024-11-04T05:00:00.000Z'],
    ['2024-03-11T04:00:00Z', -1, 'day', 'America/New_York', '2024-03-10T05:00:00.000Z'],
    ['2024-11-03T05:30:00Z', 1, 'hour', 'America/New_York', '2024-11-03T06:30:00.000Z'],
    ['2024-01-31T12:00:00Z', 1, 'month', 'UTC', '2024-02-29T12:00:00.000Z'],
    ['2023-01-31T12:00:00Z', 1, 'month', 'UTC', '2023-02-28T12:00:00.000Z'],
    ['2024-03-01T00:00:00Z', -3, 'month', 'UTC', '2023-12-01T00:00:00.000Z'],
    ['2024-01-01T00:00:00Z', 1, 'quarter', 'UTC', '2024-04-01T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', 1, 'year', 'UTC', '2025-02-28T00:00:00.000Z'],
    ['2024-03-04T00:00:00Z', -2, 'week', 'UTC', '2024-02-19T00:00:00.000Z'],
  ])('%s %+d %s in %s', (instant, amount, unit, zone, expected) => {
    expect(iso(addUnits(at(instant), amount, unit, zone))).toBe(expected);
  });
});

describe('calendar dates', () => {
  it('reads the date of an instant in a zone', () => {
    expect(calendarDateOf(at('2024-05-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2024-05-02');
    expect(calendarDateOf(at('2024-05-01T23:30:00Z'), 'UTC')).toBe('2024-05-01');
  });

  it('rounds an exclusive end up to the next date unless it is a midnight', () => {
    expect(calendarDateCeiling(at('2024-05-02T00:00:00Z'), 'UTC')).toBe('2024-05-02');
    expect(calendarDateCeiling(at('2024-05-02T00:00:00.001Z'), 'UTC')).toBe('2024-05-03');
  });

  it('adds days and checks dates', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2024, 4, 31)).toBe(false);
    expect(isRealDate(2024, 13, 1)).toBe(false);
  });
});
