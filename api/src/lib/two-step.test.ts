import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { acceptedStep, mustSetUpTwoStep, normalizeCode, TOTP_PERIOD } from './two-step';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" (Base32 below), its codes at fixed moments
// (the last six digits of the RFC's eight).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_CODES: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('two-step codes on a fixed clock', () => {
  it.each(RFC_CODES)('accepts the RFC 6238 code at %i seconds: %s', async (now, code) => {
    expect(await acceptedStep(RFC_SECRET, code, null, now)).toBe(Math.floor(now / TOTP_PERIOD));
  });

  it('accepts the step before and after for clock drift, and no further', async () => {
    const now = 1_800_000_000;
    const codeAt = (seconds: number) => generate({ secret: RFC_SECRET, epoch: seconds });
    const step = Math.floor(now / TOTP_PERIOD);
    expect(await acceptedStep(RFC_SECRET, await codeAt(now - 30), null, now)).toBe(step - 1);
    expect(await acceptedStep(RFC_SECRET, await codeAt(now + 30), null, now)).toBe(step + 1);
    expect(await acceptedStep(RFC_SECRET, await codeAt(now - 60), null, now)).toBeNull();
    expect(await acceptedStep(RFC_SECRET, await codeAt(now + 60), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, or an earlier one (no replay)', async () => {
    const now = 1_800_000_000;
    const step = Math.floor(now / TOTP_PERIOD);
    const code = await generate({ secret: RFC_SECRET, epoch: now });
    expect(await acceptedStep(RFC_SECRET, code, step - 1, now)).toBe(step);
    expect(await acceptedStep(RFC_SECRET, code, step, now)).toBeNull();
    const before = await generate({ secret: RFC_SECRET, epoch: now - 30 });
    expect(await acceptedStep(RFC_SECRET, before, step, now)).toBeNull();
  });

  it('refuses a wrong code and what is not six digits; takes spaces between digits', async () => {
    expect(await acceptedStep(RFC_SECRET, '287083', null, 59)).toBeNull();
    expect(await acceptedStep(RFC_SECRET, '287 082', null, 59)).toBe(1);
    expect(normalizeCode('28708')).toBeNull();
    expect(normalizeCode('2870822')).toBeNull();
    expect(normalizeCode('abcdef')).toBeNull();
  });

  it('holds the owner and administrators to the requirement, not editors or authors', () => {
    expect(mustSetUpTwoStep('administrator', false, true)).toBe(true);
    expect(mustSetUpTwoStep('owner', false, true)).toBe(true);
    expect(mustSetUpTwoStep('administrator', true, true)).toBe(false);
    expect(mustSetUpTwoStep('administrator', false, false)).toBe(false);
    expect(mustSetUpTwoStep('editor', false, true)).toBe(false);
    expect(mustSetUpTwoStep('author', false, true)).toBe(false);
  });
});
