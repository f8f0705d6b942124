import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../config';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, normalizeEmail } from '../../lib/users';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { accountRoutes } from './account';
import { countGuess, tooManySchema, userSchema } from './guesses';
import { passwordResetRoutes } from './password-reset';

export { LOGIN_ACCOUNT_LIMIT, LOGIN_ADDRESS_LIMIT } from './guesses';

const loginSchema = {
  summary: 'Signs an editor in (CSRF token needed, no session)',
  description:
    'An unknown e-mail and a wrong password get the same 401. After 5 failures for one account from one address ' +
    '(20 for any accounts), 429 with Retry-After until the 15-minute window ends, even with the right password. ' +
    'A deactivated account with the right password: 403 account_deactivated.',
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
    403: { ...errorSchema, description: 'csrf_mismatch, or account_deactivated' },
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
  summary: 'The signed-in editor with their role, or 401',
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

export const authRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  await app.register(accountRoutes, { siteName });
  await app.register(passwordResetRoutes, { siteName });

  app.get('/csrf', { schema: csrfSchema, config: { private: true } }, async (request, reply) => ({
    token: app.csrf.token(request, reply),
  }));

  app.post<{ Body: { email: string; password: string } }>(
    '/auth/login',
    { schema: loginSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const guess = await countGuess(app, request, reply, email);
      if (guess.blocked) return reply;

      const user = await findUserByEmail(app.db, email);
      const ok = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : await verifyNothing(request.body.password);
      if (!user || !ok) {
        request.log.info({ ip: request.ip }, 'sign-in failed');
        // The e-mail tried is kept (clipped), never the password.
        await recordAudit(app.db, request, {
          action: 'sign_in_failed',
          actor: { id: user?.id ?? null, email },
          details: { reason: user ? 'wrong_password' : 'unknown_email' },
        });
        return reply.code(401).send({ message: 'invalid_credentials' });
      }

      await guess.succeeded();
      // Said only to whoever knows the password: a deactivated account does not sign in.
      if (!user.active) {
        await recordAudit(app.db, request, {
          action: 'sign_in_failed',
          actor: { id: user.id, email: user.email },
          details: { reason: 'account_deactivated' },
        });
        return reply.code(403).send({ message: 'account_deactivated' });
      }
      const editor = { id: user.id, email: user.email, name: user.name, role: user.role };
      await recordAudit(app.db, request, { action: 'sign_in', actor: editor });
      await app.db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, user.id));
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
