// The scope a client address's admin-key attempts are counted in.
import { describe, expect, it } from 'vitest';
import { addressScope } from './admin-key';

describe('addressScope', () => {
  it('keeps an IPv4 address as it is, IPv4-mapped IPv6 included', () => {
    expect(addressScope('10.0.0.1')).toBe('10.0.0.1');
    expect(addressScope('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressScope('::FFFF:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const scope = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:00a0',
      '2001:db8:1:2:3::4',
      '2001:db8:1:2::9%eth0',
    ])
      expect(addressScope(ip), ip).toBe(scope);
    expect(addressScope('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressScope('::1')).toBe('0:0:0:0::/64');
    expect(addressScope('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(addressScope('unknown')).toBe('unknown');
  });
});
