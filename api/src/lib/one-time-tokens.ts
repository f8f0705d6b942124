import { createHash, randomBytes } from 'node:crypto';

/**
 * Single-use secrets sent in links (invitations, password resets): 32 random bytes, base64url. Only their
 * SHA-256 is stored, so a copy of the database cannot use a pending link; a token is looked up by its hash.
 */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as sent: 43 base64url characters. Anything else is refused before the database is asked. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
