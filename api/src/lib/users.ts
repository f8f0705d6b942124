import type { Role } from '@agency/core/roles';
import { eq, sql } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { passwordWeakness } from './password-strength';
import { hashPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

/** E-mails are compared without case or surrounding space, in one Unicode form. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .then((rows) => rows[0]);
}

/** What is wrong with a new account's details, or null. `siteName`: a password made of it is refused too. */
export async function accountProblem(
  { email, name, password }: { email: string; name: string; password: string },
  siteName?: string,
): Promise<string | null> {
  if (!/^[^\s@]+@[^\s@]+$/.test(normalizeEmail(email)) || email.length > 254)
    return 'the e-mail address is not valid';
  if (name.trim() === '' || name.length > 100 || /[\r\n]/.test(name))
    return 'the name must be 1 to 100 characters on one line';
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return `the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
  }
  return passwordWeakness(password, { email, name, siteName });
}

/**
 * Creates an editor account unless one has this e-mail already; never changes an existing one. Answers the
 * new account, or null when the e-mail was taken. The first account becomes the owner whatever `role` says
 * (there is always exactly one); the others get `role` (administrator unless told).
 */
export async function createEditor(
  db: Database,
  account: { email: string; name: string; password: string; role?: Exclude<Role, 'owner'> },
  siteName?: string,
): Promise<UserRow | null> {
  const problem = await accountProblem(account, siteName);
  if (problem) throw new Error(problem);
  if (await findUserByEmail(db, account.email)) return null;
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(account.email),
      name: account.name.trim(),
      passwordHash: await hashPassword(account.password),
      // The owner's index refuses a second owner: two first accounts made at once cannot both be one.
      role: sql`CASE WHEN EXISTS (SELECT 1 FROM ${users}) THEN ${account.role ?? 'administrator'}::user_role ELSE 'owner'::user_role END`,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
