import { describe, expect, it } from 'vitest';
import { mapOldGroupType } from './old-group-type';

describe('mapOldGroupType', () => {
  it('keeps blacklists and whitelists as such', () => {
    expect(mapOldGroupType('Blacklist')).toEqual({ type: 'Blacklist Group' });
    expect(mapOldGroupType('Whitelist')).toEqual({ type: 'Whitelist Group' });
    expect(mapOldGroupType('Upgrade Group')).toEqual({ type: 'Upgrade Group' });
  });

  it('treats a missing type as the old default, an upgrade group', () => {
    expect(mapOldGroupType(null)).toEqual({ type: 'Upgrade Group' });
    expect(mapOldGroupType('  ')).toEqual({ type: 'Upgrade Group' });
  });

  it('skips types Pushboard has no meaning for, naming them', () => {
    expect(mapOldGroupType('Inactive')).toEqual({
      skipped: "group type 'Inactive' has no Pushboard equivalent",
    });
  });
});
