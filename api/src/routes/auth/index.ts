import type { FastifyPluginAsync } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../config';
import { rateLimitAddress } from '../../lib/client-address';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, normalizeEmail } from '../../lib/users';
import type { Limit } from '../../plugins/rate-limiter';
import { commonErrorResponses, errorSchema } from '../../schemas';

/** Five wrong passwords for one account from one address, then a 15-minute wait. */
export const LOGIN_ACCOUNT_LIMIT: Limit = { max: 5, windowMs: 15 * 60 * 1000 };
/** Trying many accounts from one address (password spraying) meets this wider limit. */
export const LOGIN_ADDRESS_LIMIT: Limit = { max: 20, windowMs: 15 * 60 * 1000 };

const userSchema = {
  type: 'object',
  required: ['id', 'email', 'name'],
  properties: { id: { type: 'integer' }, email: { type: 'string' }, name: { type: 'string' } },
} as const;

const tooManySchema = {
  type: 'object',
  required: ['message', 'retry_after'],
  properties: {
    message: { type: 'string', enum: ['too_many_attempts'] },
    retry_after: { type: 'integer', description: 'Seconds, as in the Retry-After header' },
  },
} as const;

const loginSchema = {
  summary: 'Signs an editor in (CSRF token needed, no session)',
  description:
    'An unknown e-mail and a wrong password get the same 401. After 5 failures for one account from one address ' +
    '(20 for any accounts), 429 with Retry-After until the 15-minute window ends, even with the right password.',
  tags: ['editors'],
  body: {
    type: 'object',
    required: ['email', 'password'],
    // Extra fields are dropped, so they change nothing (not the rate limit's key either).
    additionalProperties: false,
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'csrf_token'],
      properties: { user: userSchema, csrf_token: { type: 'string' } },
    },
    422: errorSchema,
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

const logoutSchema = {
  summary: 'Signs the editor out; answers the token for the signed-out page',
  tags: ['editors'],
  response: {
    200: { type: 'object', required: ['csrf_token'], properties: { csrf_token: { type: 'string' } } },
    ...commonErrorResponses,
  },
} as const;

const meSchema = {
  summary: 'The signed-in editor, or 401',
  tags: ['editors'],
  response: {
    200: { type: 'object', required: ['user'], properties: { user: userSchema } },
    ...commonErrorResponses,
  },
} as const;

const csrfSchema = {
  summary: 'The CSRF token for X-CSRF-TOKEN (also in the page as <meta name="csrf-token">)',
  tags: ['editors'],
  response: {
    200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
    ...commonErrorResponses,
  },
} as const;

export const authRoutes: FastifyPluginAsync = async (app) => {
  app.get('/csrf', { schema: csrfSchema, config: { private: true } }, async (request, reply) => ({
    token: app.csrf.token(request, reply),
  }));

  app.post<{ Body: { email: string; password: string } }>(
    '/auth/login',
    { schema: loginSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const client = rateLimitAddress(request.ip);
      const accountKey = `login:account:${client}\n${email}`;
      const addressKey = `login:address:${client}`;

      // Both counters go up before the password is checked, each in one statement that increments and
      // returns, so guesses sent at once cannot slip past a limit (a look first, a count after, let 40
      // parallel guesses through a limit of 20). A successful sign-in resets the account's and takes back
      // its hit of the address's, which counts failures.
      const [account, address] = await Promise.all([
        app.rateLimiter.hit(accountKey, LOGIN_ACCOUNT_LIMIT),
        app.rateLimiter.hit(addressKey, LOGIN_ADDRESS_LIMIT),
      ]);
      const blocked = account.limited ? account : address.limited ? address : null;
      if (blocked) {
        request.log.warn({ ip: request.ip }, 'sign-in rate limited');
        return reply
          .code(429)
          .header('retry-after', String(blocked.retryAfter))
          .send({ message: 'too_many_attempts', retry_after: blocked.retryAfter });
      }

      const user = await findUserByEmail(app.db, email);
      const ok = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : await verifyNothing(request.body.password);
      if (!user || !ok) {
        request.log.info({ ip: request.ip }, 'sign-in failed');
        return reply.code(401).send({ message: 'invalid_credentials' });
      }

      await Promise.all([app.rateLimiter.reset(accountKey), app.rateLimiter.release(addressKey)]);
      const editor = { id: user.id, email: user.email, name: user.name };
      await app.sessions.create(request, reply, editor);
      app.csrf.rotate(request, reply);
      request.log.info({ userId: user.id }, 'editor signed in');
      return { user: editor, csrf_token: app.csrf.token(request, reply) };
    },
  );

  app.post('/auth/logout', { schema: logoutSchema, config: { private: true } }, async (request, reply) => {
    await app.sessions.destroy(request, reply);
    app.csrf.rotate(request, reply);
    return { csrf_token: app.csrf.token(request, reply) };
  });

  app.get('/auth/me', { schema: meSchema, config: { private: true } }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
    return { user: request.editor };
  });
};
