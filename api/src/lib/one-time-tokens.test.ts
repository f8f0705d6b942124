import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShaped, newToken } from './one-time-tokens';

describe('one-time tokens', () => {
  it('makes a different token each time, shaped as links carry it, stored only as its hash', () => {
    const a = newToken();
    const b = newToken();
    expect(a.token).not.toBe(b.token);
    expect(isTokenShaped(a.token)).toBe(true);
    expect(a.hash).toBe(hashToken(a.token));
    expect(a.hash).not.toContain(a.token);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not a token before any lookup', () => {
    expect(isTokenShaped('')).toBe(false);
    expect(isTokenShaped('a'.repeat(42))).toBe(false);
    expect(isTokenShaped(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isTokenShaped(42)).toBe(false);
  });
});
