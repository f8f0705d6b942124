import { ROLES } from '@agency/core/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimitAddress } from '../../lib/client-address';
import { normalizeEmail } from '../../lib/users';
import type { Limit } from '../../plugins/rate-limiter';

/** Five wrong passwords for one account from one address, then a 15-minute wait. */
export const LOGIN_ACCOUNT_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };
/** Trying many accounts from one address (password spraying) meets this wider limit. */
export const LOGIN_ADDRESS_LIMIT: Limit = { max: 20, windowMs: 15 * 60 * 1000 };

export const userSchema = {
  type: 'object',
  required: ['id', 'email', 'name', 'role'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: {
      type: 'string',
      enum: [...ROLES],
      description: 'What the account may do: the table in core/src/rules/roles.ts',
    },
  },
} as const;

export const tooManySchema = {
  type: 'object',
  required: ['message', 'retry_after'],
  properties: {
    message: { type: 'string', enum: ['too_many_attempts'] },
    retry_after: { type: 'integer', description: 'Seconds, as in the Retry-After header' },
  },
} as const;

export interface Guess {
  /** True when a limit was reached: the 429 has been sent, and the password must not be checked. */
  blocked: boolean;
  /** The password was right: the account's count starts again and the address's gets its hit back. */
  succeeded(): Promise<void>;
}

/**
 * Counts one password guess for `email` from the request's address, before the password is checked: both
 * counters go up each in one statement that increments and returns, so guesses sent at once cannot slip
 * past a limit (a look first and a count after let 40 parallel guesses through a limit of 20). Signing in
 * and changing the password (which asks for the current one) count in the same counters, so a session
 * cannot be used to guess faster than the sign-in page allows. When a limit is reached this sends the 429.
 */
export async function countGuess(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<Guess> {
  const client = rateLimitAddress(request.ip);
  const accountKey = `login:account:${client}\n${normalizeEmail(email)}`;
  const addressKey = `login:address:${client}`;
  const [account, address] = await Promise.all([
    app.rateLimiter.hit(accountKey, LOGIN_ACCOUNT_LIMIT),
    app.rateLimiter.hit(addressKey, LOGIN_ADDRESS_LIMIT),
  ]);
  const limited = account.limited ? account : address.limited ? address : null;
  if (limited) {
    request.log.warn({ ip: request.ip, url: request.url }, 'password guesses rate limited');
    await reply
      .code(429)
      .header('retry-after', String(limited.retryAfter))
      .send({ message: 'too_many_attempts', retry_after: limited.retryAfter });
  }
  return {
    blocked: limited !== null,
    async succeeded() {
      await Promise.all([app.rateLimiter.reset(accountKey), app.rateLimiter.release(addressKey)]);
    },
  };
}
