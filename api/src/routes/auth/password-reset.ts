import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@agency/core/language';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../config';
import { passwordResets, sessions, users } from '../../db/schema';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { rateLimitAddress } from '../../lib/client-address';
import { hashToken, isTokenShaped, newToken } from '../../lib/one-time-tokens';
import { passwordResetEmail, RESET_LINK_LIFETIME_MS, resetLink } from '../../lib/password-reset-email';
import { passwordWeaknessReason, REASONS } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { findUserByEmail, normalizeEmail } from '../../lib/users';
import type { Limit } from '../../plugins/rate-limiter';
import { liveSession } from '../../plugins/sessions';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { tooManySchema } from './guesses';

/**
 * A forgotten password (ASVS 6.3): a link by e-mail, single-use, valid for an hour, stored only as its
 * token's hash. Asking answers the same, at the same speed, whether the address has an account or not.
 */

/** Asking for links from one address: 10 per 15 minutes, then 429 (the same for every e-mail asked). */
export const RESET_REQUEST_ADDRESS_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/**
 * Links sent to one e-mail: 3 per hour, from any address, so that nobody can fill an inbox. Past it the
 * answer is still 202 (a 429 would tell that the address was asked for), and nothing is sent.
 */
export const RESET_EMAIL_LIMIT: Limit = { max: 3, windowMs: 60 * 60 * 1000 };
/** Setting a new password from a link, from one address: 10 tries per 15 minutes (a weak password is one). */
export const RESET_CONFIRM_ADDRESS_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

const ACCEPTED = { message: 'reset_requested' } as const;
const INVALID = 'reset_invalid';

/** The work of reset requests already answered (looking up, storing, mailing), until it is done. */
const pending = new Set<Promise<void>>();

/** Resolves when the reset requests answered so far have done their work (for tests, and closing). */
export async function passwordResetsSettled(): Promise<void> {
  await Promise.all(pending);
}

const requestSchema = {
  summary: 'Asks for a password reset link by e-mail (CSRF token needed, no session)',
  description:
    'Always 202 with the same body, answered before the address is even looked up, so neither the answer nor ' +
    'its time tells whether an account has this e-mail. Then, if an active account has it, a link valid for ' +
    'one hour is mailed in `language` (English unless told): `{PUBLIC_ORIGIN}/login/reset?lng={language}#token=…`; ' +
    'it works once, and asking again ends the older links of that account. A deactivated account gets no link. ' +
    `Limits: ${RESET_EMAIL_LIMIT.max} links per e-mail per hour (past it: still 202, nothing sent), ` +
    `${RESET_REQUEST_ADDRESS_LIMIT.max} requests per client address per 15 minutes (past it: 429 with Retry-After). ` +
    'Without SMTP configured nothing can be sent.',
  tags: ['editors'],
  body: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      language: { type: 'string', enum: [...LANGUAGES], description: 'The language of the e-mail' },
    },
  },
  response: {
    202: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: [ACCEPTED.message] } },
    },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

const confirmSchema = {
  summary: 'Sets a new password from a reset link’s token; signs out every session of the account',
  description:
    `The new password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters and not easy to guess ` +
    `(422 password_too_short, or password_weak with the reason in errors.password: one of ${Object.keys(REASONS).join(', ')}); ` +
    'a refused password leaves the link usable. On success the link is used up, the account’s other links end, ' +
    'and every session of the account is signed out; nobody is signed in: the new password signs in on /login ' +
    '(with the usual sign-in limits). 400 reset_invalid: the token is unknown, used, replaced by a newer link, ' +
    `expired (after one hour) or the account is deactivated. ${RESET_CONFIRM_ADDRESS_LIMIT.max} tries per client ` +
    'address per 15 minutes, then 429.',
  tags: ['editors'],
  body: {
    type: 'object',
    required: ['token', 'password'],
    additionalProperties: false,
    properties: {
      token: { type: 'string', maxLength: 100, description: 'From the link’s fragment (#token=…)' },
      password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['signed_out'],
      properties: {
        signed_out: { type: 'integer', description: 'How many sessions of the account were signed out' },
      },
    },
    400: { ...errorSchema, description: 'reset_invalid: unknown, used, replaced or expired link' },
    422: {
      ...errorSchema,
      description: 'password_too_short or password_weak, with the reason in `errors.password`',
    },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

/** Counts one hit against `limit` for the request's address; sends the 429 (like sign-in's) when over it. */
async function overAddressLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  limit: Limit,
): Promise<boolean> {
  const state = await request.server.rateLimiter.hit(`${key}:${rateLimitAddress(request.ip)}`, limit);
  if (!state.limited) return false;
  request.log.warn({ ip: request.ip, url: request.url }, 'password reset rate limited');
  await reply
    .code(429)
    .header('retry-after', String(state.retryAfter))
    .send({ message: 'too_many_attempts', retry_after: state.retryAfter });
  return true;
}

export const passwordResetRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  app.addHook('onClose', passwordResetsSettled);

  /** The site's name as the reader sees it (the settings in their language), else the server's. */
  async function siteNameIn(language: Language): Promise<string> {
    try {
      return (await app.settingsRepository.publicSettings(language)).name || siteName;
    } catch {
      return siteName;
    }
  }

  /** What a request does after its answer went out: nothing of it may change the answer or its timing. */
  async function sendLink(request: FastifyRequest, email: string, language: Language): Promise<void> {
    const limit = await app.rateLimiter.hit(`reset:email:${email}`, RESET_EMAIL_LIMIT);
    const user = await findUserByEmail(app.db, email);
    // Links that ended more than a day ago are of no use to anyone.
    await app.db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`));
    if (!user) return;
    const actor = { id: user.id, email: user.email };
    const target = { type: 'user', id: user.id, label: user.email };
    const refused = !user.active
      ? 'account_deactivated'
      : limit.limited
        ? 'too_many_requests'
        : !app.accountMail.enabled
          ? 'mail_not_configured'
          : null;
    if (refused) {
      request.log.info({ userId: user.id, reason: refused }, 'password reset link not sent');
      await recordAudit(app.db, request, {
        action: 'password_reset_requested',
        actor,
        target,
        details: { sent: false, reason: refused },
      });
      return;
    }
    const { token, hash } = newToken();
    await app.db.transaction(async (tx) => {
      // One live link per account: a new request ends the older ones.
      await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hash,
        expiresAt: sql`now() + make_interval(secs => ${RESET_LINK_LIFETIME_MS / 1000})`,
      });
      await recordAudit(tx, request, {
        action: 'password_reset_requested',
        actor,
        target,
        details: { sent: true, language },
      });
    });
    const message = passwordResetEmail(language, {
      siteName: await siteNameIn(language),
      name: user.name,
      link: resetLink(app.publicOrigin, token, language),
    });
    request.log.info({ userId: user.id }, 'password reset link sent');
    await app.accountMail.send({ to: user.email, ...message });
  }

  /** Requests answered 202, with what to do once the answer is out. */
  const asked = new WeakMap<FastifyRequest, { email: string; language: Language }>();

  app.post<{ Body: { email: string; language?: Language } }>(
    '/auth/password-reset',
    {
      schema: requestSchema,
      config: { access: 'csrf', private: true },
      // The lookup, the link and the e-mail start once the answer has gone out.
      onResponse: async (request) => {
        const job = asked.get(request);
        if (!job) return;
        asked.delete(request);
        const work = sendLink(request, job.email, job.language).catch((err: unknown) => {
          request.log.error({ err }, 'password reset request failed');
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
      },
    },
    async (request, reply) => {
      if (await overAddressLimit(request, reply, 'reset:request', RESET_REQUEST_ADDRESS_LIMIT)) return reply;
      asked.set(request, {
        email: normalizeEmail(request.body.email),
        language: request.body.language ?? FALLBACK_LANGUAGE,
      });
      return reply.code(202).send(ACCEPTED);
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/auth/password-reset/confirm',
    { schema: confirmSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      if (await overAddressLimit(request, reply, 'reset:confirm', RESET_CONFIRM_ADDRESS_LIMIT)) return reply;
      const { token, password } = request.body;
      if (!isTokenShaped(token)) return reply.code(400).send({ message: INVALID });
      const hash = hashToken(token);
      const live = and(
        eq(passwordResets.tokenHash, hash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      );
      const [found] = await app.db
        .select({ id: users.id, email: users.email, name: users.name, active: users.active })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(live);
      if (!found?.active) return reply.code(400).send({ message: INVALID });

      // The same rules as a change on the account page; a refused password leaves the link as it was.
      if (password.length < MIN_PASSWORD_LENGTH)
        throw new FieldsError('password_too_short', { password: ['password_too_short'] });
      const weakness = await passwordWeaknessReason(password, {
        email: found.email,
        name: found.name,
        siteName,
      });
      if (weakness) throw new FieldsError('password_weak', { password: [weakness] });

      const passwordHash = await hashPassword(password);
      const ended = await app.db.transaction(async (tx) => {
        // Used up in the statement that checks it: two tries with one link cannot both set a password.
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(live)
          .returning({ id: passwordResets.id });
        if (!used) return null;
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, found.id), ne(passwordResets.id, used.id)));
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, found.id));
        const gone = await tx
          .delete(sessions)
          .where(eq(sessions.userId, found.id))
          .returning({ live: sql<boolean>`${liveSession()}` });
        const signedOut = gone.filter((row) => row.live).length;
        await recordAudit(tx, request, {
          action: 'password_reset',
          actor: { id: found.id, email: found.email },
          target: { type: 'user', id: found.id, label: found.email },
          details: { signed_out: signedOut },
        });
        return signedOut;
      });
      if (ended === null) return reply.code(400).send({ message: INVALID });
      request.log.info({ userId: found.id, ended }, 'password reset from a link');
      return { signed_out: ended };
    },
  );
};
