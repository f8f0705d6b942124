import { randomInt } from 'node:crypto';
import type { Role } from '@agency/core/roles';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../db/client';
import { accountPolicy, recoveryCodes, users } from '../db/schema';
import { hashToken } from './one-time-tokens';

/**
 * Two-step sign-in with an authenticator app (RFC 6238 TOTP: 30-second steps, 6 digits, HMAC-SHA-1, the
 * step before and after the server's accepted for clock drift), and single-use recovery codes.
 */

export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
/** The roles the owner's requirement applies to. */
export const TWO_STEP_POLICY_ROLES: readonly Role[] = ['owner', 'administrator'];

/** A new secret: 20 random bytes (160 bits, as RFC 4226 recommends), Base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The address as an SVG QR code, in a data: URL for an <img>. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Six digits, spaces allowed between them (as some apps show them). */
export function normalizeCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step `code` belongs to when it is right for `secret` now (or one step either side) and newer than
 * `afterStep`; null otherwise. `now`: Unix seconds, the clock's unless given (tests fix it).
 */
export async function acceptedStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now?: number,
): Promise<number | null> {
  const token = normalizeCode(code);
  if (!token) return null;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: TOTP_PERIOD,
      ...(now === undefined ? {} : { epoch: now }),
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    if (!result.valid) return null;
    return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  } catch {
    // A last step beyond the window (a clock moved back) refuses every code until time catches up.
    return null;
  }
}

/**
 * Records `step` as the account's last accepted one, unless a code of that step (or a later one) was accepted
 * meanwhile: answers false then, and the code counts as replayed.
 */
export async function spendStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoStepLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoStepLastStep), lt(users.twoStepLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new codes of 12 characters (about 59 bits each), shown as xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((part) => part.join('')).join('-');
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string | null {
  const plain = code.toLowerCase().replace(/[\s-]+/g, '');
  if (!/^[a-z0-9]{12}$/.test(plain)) return null;
  return hashToken(plain);
}

/** Replaces the account's recovery codes with `codes` (stored hashed). */
export async function storeRecoveryCodes(
  db: Pick<Database, 'delete' | 'insert'>,
  userId: number,
  codes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) ?? '' })));
}

/** Spends one recovery code of the account; false when it is not one of its unused codes. */
export async function spendRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  const hash = recoveryCodeHash(code);
  if (!hash) return false;
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Whether the owner requires two-step sign-in of administrators (and of themselves). */
export async function twoStepRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ required: accountPolicy.requireTwoStepForAdministrators })
    .from(accountPolicy)
    .where(eq(accountPolicy.id, 1));
  return row?.required ?? false;
}

/** SQL for the same, to read it with another query. */
export const twoStepRequiredSql = sql<boolean>`coalesce((SELECT ${accountPolicy.requireTwoStepForAdministrators} FROM ${accountPolicy} WHERE ${accountPolicy.id} = 1), false)`;

/** Whether an account of `role` with two-step `enabled` must set it up before anything else. */
export function mustSetUpTwoStep(role: Role, enabled: boolean, required: boolean): boolean {
  return required && !enabled && TWO_STEP_POLICY_ROLES.includes(role);
}
