import { describe, expect, it } from 'vitest';
import { parseOldTextId } from './old-text-id';

describe('parseOldTextId', () => {
  it('reads an integer id stored as text', () => {
    expect(parseOldTextId('org_group_id', '42')).toEqual({ id: 42 });
    expect(parseOldTextId('parent_id', ' 7 ')).toEqual({ id: 7 });
  });

  it('treats an empty value as no reference', () => {
    expect(parseOldTextId('parent_id', null)).toEqual({ id: null });
    expect(parseOldTextId('parent_id', '')).toEqual({ id: null });
  });

  it('names the column and value it cannot read', () => {
    expect(parseOldTextId('org_group_id', '00D000000000001')).toEqual({
      skipped: "org_group_id '00D000000000001' is not a row id",
    });
    expect(parseOldTextId('parent_id', '-3')).toEqual({
      skipped: "parent_id '-3' is not a row id",
    });
    expect(parseOldTextId('parent_id', '9999999999')).toEqual({
      skipped: "parent_id '9999999999' is not a row id",
    });
  });
});
