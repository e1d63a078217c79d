import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_REQUIRED,
  NONE_OPTION,
  VERSION_REQUIRED,
  defaultScheduleStart,
  dropNoneSelections,
  isOnScheduleStep,
  offersSelectNone,
  roundUpToStep,
  validateSchedule,
} from './schedule';

describe('default start', () => {
  it.each([
    ['2024-05-01T10:00:00.000Z', '2024-05-01T10:15:00.000Z'],
    ['2024-05-01T10:00:00.001Z', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01T10:02:30.000Z', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01T10:04:59.999Z', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01T23:50:00.000Z', '2024-05-02T00:05:00.000Z'],
  ])('now %s → %s', (now, start) => {
    const result = defaultScheduleStart(new Date(now));
    expect(result.toISOString()).toBe(start);
    expect(isOnScheduleStep(result)).toBe(true);
  });

  it('rounds up to other steps', () => {
    expect(roundUpToStep(new Date('2024-05-01T10:01:00Z'), 15).toISOString()).toBe(
      '2024-05-01T10:15:00.000Z',
    );
  });
});

describe('version selection', () => {
  it('drops NONE entries and repeats', () => {
    expect(dropNoneSelections([NONE_OPTION, 'a', 'b', NONE_OPTION, 'a'])).toEqual(['a', 'b']);
  });

  it('offers Select None only for more than one package', () => {
    expect(offersSelectNone(1)).toBe(false);
    expect(offersSelectNone(2)).toBe(true);
  });
});

describe('validateSchedule', () => {
  const valid = {
    versions: ['04t000000000001', NONE_OPTION],
    scheduled_date: '2024-05-01T10:15:00Z',
    description: '  Spring release  ',
    transid: 'tx-1',
  };

  it('accepts a valid form and normalises it', () => {
    const result = validateSchedule(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        versions: ['04t000000000001AAA'],
        scheduled_date: new Date('2024-05-01T10:15:00Z'),
        description: 'Spring release',
        transid: 'tx-1',
      },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an empty description', { description: '' }, { description: DESCRIPTION_REQUIRED }],
    ['a blank description', { description: ' \t\n' }, { description: DESCRIPTION_REQUIRED }],
    ['a missing description', { description: undefined }, { description: DESCRIPTION_REQUIRED }],
    ['only NONE selected', { versions: [NONE_OPTION] }, { versions: VERSION_REQUIRED }],
    ['no versions', { versions: [] }, { versions: VERSION_REQUIRED }],
    [
      'a version that is not a 04t id',
      { versions: ['001A0000006Vm9r'] },
      { versions: "'001A0000006Vm9r' is not a package version id (04t…)" },
    ],
    [
      'a start that is not a date',
      { scheduled_date: 'tomorrow' },
      { scheduled_date: 'The start must be a date and time' },
    ],
  ])('reports %s', (_name, change, errors) => {
    expect(validateSchedule({ ...valid, ...change })).toEqual({ ok: false, errors });
  });

  it('reports a body that is not an object', () => {
    const result = validateSchedule('nope');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.form).toBeTruthy();
  });
});
