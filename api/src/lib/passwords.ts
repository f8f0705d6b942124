import { randomBytes } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';

/** argon2, loaded at its first use (a sign-in, a new password): its native library is not needed before. */
let argon2: Promise<typeof import('@node-rs/argon2')> | null = null;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane); the PHC string records them. */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read, never an exception. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * Spends the time of one verification on nothing. Signing in with an unknown e-mail calls it, so that the
 * answer takes as long as for a wrong password and its timing does not tell which accounts exist.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}
