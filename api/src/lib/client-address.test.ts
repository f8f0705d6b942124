import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address';

describe('the address a rate limit counts', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff', '2001:db8:85a3:8d3::/64'],
    ['2001:DB8:85A3:8D3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (ip, expected) => {
    expect(rateLimitAddress(ip)).toBe(expected);
  });

  it('gives every address of one /64 one counter, and another /64 its own', () => {
    const one = ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:db8:1:2:abcd:ef01:2345:6789'];
    expect(new Set(one.map(rateLimitAddress)).size).toBe(1);
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(rateLimitAddress(one[0] as string));
  });
});
