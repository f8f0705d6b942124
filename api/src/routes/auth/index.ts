import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../config';
import { twoStepChallenges, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { hashToken, isTokenShaped, newToken } from '../../lib/one-time-tokens';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import {
  acceptedStep,
  mustSetUpTwoStep,
  recoveryCodesLeft,
  spendRecoveryCode,
  spendStep,
  twoStepRequired,
} from '../../lib/two-step';
import { findUserByEmail, normalizeEmail, type UserRow } from '../../lib/users';
import type { Limit } from '../../plugins/rate-limiter';
import { cookieName, cookieOptions, type Editor } from '../../plugins/sessions';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { accountRoutes } from './account';
import { countGuess, tooManySchema, userSchema } from './guesses';
import { passwordResetRoutes } from './password-reset';
import { twoStepRoutes } from './two-step';

export { LOGIN_ACCOUNT_LIMIT, LOGIN_ADDRESS_LIMIT } from './guesses';

/** How long the second step of a sign-in may wait for its code. */
export const TWO_STEP_CHALLENGE_SECONDS = 5 * 60;
/** Codes tried for one pending sign-in (it lasts five minutes). */
export const TWO_STEP_CHALLENGE_LIMIT: Limit = { max: 5, windowMs: TWO_STEP_CHALLENGE_SECONDS * 1000 };
/** Codes tried for one account, whichever pending sign-ins they come with. */
export const TWO_STEP_ACCOUNT_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

const signedInProperties = {
  user: userSchema,
  csrf_token: { type: 'string' },
  two_step_setup_required: {
    type: 'boolean',
    description:
      'True when the owner requires two-step sign-in of this administrator, who has not set it up: the ' +
      'session serves only the two-step setup (POST /api/auth/two-step/setup, /confirm) and /api/auth/me',
  },
} as const;

const loginSchema = {
  summary: 'Signs an editor in (CSRF token needed, no session), or starts the second step',
  description:
    'An unknown e-mail and a wrong password get the same 401. After 5 failures for one account from one address ' +
    '(20 for any accounts), 429 with Retry-After until the 15-minute window ends, even with the right password. ' +
    'A deactivated account with the right password: 403 account_deactivated. An account with two-step ' +
    'sign-in on answers `{ "two_step_required": true }` and no session: an HttpOnly cookie holds the pending ' +
    'sign-in for 5 minutes, and POST /api/auth/login/two-step finishes it with a code.',
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
      description:
        'Signed in: `user` and `csrf_token` (and `two_step_setup_required`). Or, with two-step sign-in on, ' +
        'only `two_step_required: true`: no session yet.',
      properties: {
        ...signedInProperties,
        two_step_required: { type: 'boolean', description: 'The code is still to come (second step)' },
      },
    },
    403: { ...errorSchema, description: 'csrf_mismatch, or account_deactivated' },
    422: errorSchema,
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

const twoStepLoginSchema = {
  summary: 'Finishes a sign-in with two-step sign-in: a code from the app, or a recovery code',
  description:
    'Needs the pending sign-in cookie a right password set (5 minutes): without it, or once it expired, ' +
    '401 two_step_expired (sign in with the password again). A wrong, expired or already used code: 401 ' +
    'invalid_code. A code of a time step already accepted is refused (no replay); a recovery code works once. ' +
    `After ${TWO_STEP_CHALLENGE_LIMIT.max} wrong codes for one pending sign-in, or ${TWO_STEP_ACCOUNT_LIMIT.max} ` +
    'for one account in 15 minutes, 429 with Retry-After. On success the session starts and the CSRF token ' +
    'changes, as with POST /api/auth/login.',
  tags: ['editors'],
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    properties: {
      code: { type: 'string', maxLength: 16, description: 'Six digits from the authenticator app' },
      recovery_code: {
        type: 'string',
        maxLength: 32,
        description: 'One of the recovery codes (xxxx-xxxx-xxxx)',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'csrf_token', 'recovery_codes_left'],
      properties: {
        ...signedInProperties,
        recovery_codes_left: { type: 'integer', description: 'Unused recovery codes of the account' },
      },
    },
    403: { ...errorSchema, description: 'csrf_mismatch, or account_deactivated' },
    429: tooManySchema,
    ...commonErrorResponses,
    401: { ...errorSchema, description: 'invalid_code, or two_step_expired' },
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
  summary: 'The signed-in editor with their role and whether two-step sign-in is on, or 401',
  tags: ['editors'],
  response: {
    200: {
      type: 'object',
      required: ['user', 'two_step'],
      properties: {
        user: userSchema,
        two_step: {
          type: 'object',
          required: ['enabled', 'setup_required'],
          properties: {
            enabled: { type: 'boolean' },
            setup_required: {
              type: 'boolean',
              description:
                'The owner requires it of this account and it is not on yet (only its setup works)',
            },
          },
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

const csrfSchema = {
  summary:
    'The CSRF token for X-CSRF-TOKEN, and its cookie for a new browser (personal pages also carry it as <meta name="csrf-token">; public pages do not)',
  tags: ['editors'],
  response: {
    200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
    ...commonErrorResponses,
  },
} as const;

function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request, 'two_step'), { ...cookieOptions(request, 0), maxAge: undefined });
}

export const authRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  await app.register(accountRoutes, { siteName });
  await app.register(passwordResetRoutes, { siteName });
  await app.register(twoStepRoutes, { siteName });

  /** Opens the session (the last step of a sign-in): the audit entry, a new cookie and CSRF token. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    details: Record<string, string>,
  ) {
    const editor: Editor = { id: user.id, email: user.email, name: user.name, role: user.role };
    await recordAudit(app.db, request, { action: 'sign_in', actor: editor, details });
    await app.db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, user.id));
    await app.sessions.create(request, reply, editor);
    app.csrf.rotate(request, reply);
    const setupRequired = mustSetUpTwoStep(user.role, !!user.twoStepSecret, await twoStepRequired(app.db));
    request.twoStepSetupRequired = setupRequired;
    request.log.info({ userId: user.id }, 'editor signed in');
    return {
      user: editor,
      csrf_token: app.csrf.token(request, reply),
      ...(setupRequired ? { two_step_setup_required: true } : {}),
    };
  }

  app.get(
    '/csrf',
    { schema: csrfSchema, config: { private: true, twoStepSetup: true } },
    async (request, reply) => ({
      token: app.csrf.token(request, reply),
    }),
  );

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
      if (user.twoStepSecret) {
        // The password was right; the session waits for the code.
        const { token, hash } = newToken();
        await app.db.delete(twoStepChallenges).where(lt(twoStepChallenges.expiresAt, sql`now()`));
        await app.db.insert(twoStepChallenges).values({
          id: hash,
          userId: user.id,
          expiresAt: sql`now() + make_interval(secs => ${TWO_STEP_CHALLENGE_SECONDS})`,
        });
        reply.setCookie(
          cookieName(request, 'two_step'),
          token,
          cookieOptions(request, TWO_STEP_CHALLENGE_SECONDS),
        );
        request.log.info({ userId: user.id }, 'password right, two-step code asked');
        return { two_step_required: true };
      }
      return signIn(request, reply, user, {});
    },
  );

  app.post<{ Body: { code?: string; recovery_code?: string } }>(
    '/auth/login/two-step',
    { schema: twoStepLoginSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      const cookie = request.cookies[cookieName(request, 'two_step')];
      const expired = () => {
        clearChallengeCookie(request, reply);
        return reply.code(401).send({ message: 'two_step_expired' });
      };
      if (!isTokenShaped(cookie)) return expired();
      const id = hashToken(cookie);
      const [challenge] = await app.db
        .select({ userId: twoStepChallenges.userId })
        .from(twoStepChallenges)
        .where(and(eq(twoStepChallenges.id, id), gt(twoStepChallenges.expiresAt, sql`now()`)));
      const [user] = challenge ? await app.db.select().from(users).where(eq(users.id, challenge.userId)) : [];
      if (!user?.twoStepSecret) return expired();

      // Counted before the code is checked, so codes sent at once cannot slip past the limits.
      const [perChallenge, perAccount] = await Promise.all([
        app.rateLimiter.hit(`two-step:challenge:${id}`, TWO_STEP_CHALLENGE_LIMIT),
        // Only someone who knows the password gets here: the account's count holds them, from any address.
        app.rateLimiter.hit(`two-step:account:${user.id}`, TWO_STEP_ACCOUNT_LIMIT),
      ]);
      const limited = perChallenge.limited ? perChallenge : perAccount.limited ? perAccount : null;
      if (limited) {
        request.log.warn({ ip: request.ip, userId: user.id }, 'two-step codes rate limited');
        return reply
          .code(429)
          .header('retry-after', String(limited.retryAfter))
          .send({ message: 'too_many_attempts', retry_after: limited.retryAfter });
      }

      const method = request.body.code !== undefined ? 'code' : 'recovery_code';
      let ok = false;
      if (request.body.code !== undefined) {
        const step = await acceptedStep(user.twoStepSecret, request.body.code, user.twoStepLastStep);
        ok = step !== null && (await spendStep(app.db, user.id, step));
      } else if (request.body.recovery_code !== undefined) {
        ok = await spendRecoveryCode(app.db, user.id, request.body.recovery_code);
      }
      if (!ok) {
        request.log.info({ ip: request.ip, userId: user.id }, 'two-step code wrong');
        await recordAudit(app.db, request, {
          action: 'two_step_failed',
          actor: { id: user.id, email: user.email },
          details: { method },
        });
        return reply.code(401).send({ message: 'invalid_code' });
      }

      await app.db.delete(twoStepChallenges).where(eq(twoStepChallenges.userId, user.id));
      clearChallengeCookie(request, reply);
      if (!user.active) {
        await recordAudit(app.db, request, {
          action: 'sign_in_failed',
          actor: { id: user.id, email: user.email },
          details: { reason: 'account_deactivated' },
        });
        return reply.code(403).send({ message: 'account_deactivated' });
      }
      const signedIn = await signIn(request, reply, user, { two_step: method });
      return { ...signedIn, recovery_codes_left: await recoveryCodesLeft(app.db, user.id) };
    },
  );

  app.post(
    '/auth/logout',
    { schema: logoutSchema, config: { private: true, twoStepSetup: true } },
    async (request, reply) => {
      await app.sessions.destroy(request, reply);
      app.csrf.rotate(request, reply);
      return { csrf_token: app.csrf.token(request, reply) };
    },
  );

  app.get(
    '/auth/me',
    { schema: meSchema, config: { private: true, twoStepSetup: true } },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const [row] = await app.db
        .select({ secret: users.twoStepSecret })
        .from(users)
        .where(eq(users.id, editor.id));
      return {
        user: editor,
        two_step: { enabled: !!row?.secret, setup_required: request.twoStepSetupRequired },
      };
    },
  );
};
