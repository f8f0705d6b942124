import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@agency/core/language';
import { ASSIGNABLE_ROLES, type Role } from '@agency/core/roles';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../config';
import { invitations, users } from '../../db/schema';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { invitationEmail } from '../../lib/invitation-email';
import { hashToken, isTokenShaped, newToken } from '../../lib/one-time-tokens';
import { pageLanguage } from '../../lib/page-language';
import { passwordWeaknessReason, REASONS } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { accountProblem, findUserByEmail, normalizeEmail } from '../../lib/users';
import { uniqueViolation } from '../../plugins/posts-repository';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { userSchema } from '../auth/guesses';

/**
 * Invitations (the People screen): an administrator invites an e-mail address with a role; the person opens
 * the single-use link (`/login/invitation#token=…`, the token in the fragment so that it never reaches a
 * server log or a Referer), chooses a name and a password, and is signed in with that role. Only the
 * token's SHA-256 is stored. The link is mailed in the inviter's language when SMTP is configured; without
 * it the answer carries the link, for the administrator to pass on by hand.
 */

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;
/** How long an expired invitation stays listed (to resend it) before the People screen forgets it. */
export const EXPIRED_LISTED_DAYS = 14;

type AssignableRole = Exclude<Role, 'owner'>;
type InvitationRow = typeof invitations.$inferSelect;

const invitationSchema = {
  type: 'object',
  required: ['id', 'email', 'role', 'invited_by', 'created_at', 'expires_at', 'status'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    role: { type: 'string', enum: [...ASSIGNABLE_ROLES] },
    invited_by: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      description: 'Who sent it; null once that account is gone',
    },
    created_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['pending', 'expired'] },
    url: {
      type: 'string',
      description:
        'The single-use link, only when no SMTP server is configured (nothing was mailed): shown once, ' +
        'never again (only its hash is kept)',
    },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 16 } },
} as const;

const languageProperty = {
  type: 'string',
  enum: [...LANGUAGES],
  description: "The inviter's screen language, the e-mail's; else the lng cookie, then Accept-Language",
} as const;

const tokenProperty = { type: 'string', maxLength: 100, description: 'The token from the link’s fragment' };

const listSchema = {
  summary: 'Invitations not yet accepted: pending ones, and those expired in the last 14 days',
  description: 'Newest first. Accepted and revoked invitations are not listed (the audit trail keeps them).',
  tags: ['people'],
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: invitationSchema } },
    },
    ...commonErrorResponses,
  },
} as const;

const inviteSchema = {
  summary: 'Invites an e-mail address with a role; the link works once, for 72 hours',
  description:
    'Mails the link in `language` when SMTP is configured; otherwise answers it in `url` (only then). ' +
    'Inviting an address that has a pending or expired invitation replaces it: the old link stops working. ' +
    '409 email_taken: an account has this e-mail. 422 email_invalid (errors.email).',
  tags: ['people'],
  body: {
    type: 'object',
    required: ['email', 'role'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', maxLength: 320 },
      role: { type: 'string', enum: [...ASSIGNABLE_ROLES] },
      language: languageProperty,
    },
  },
  response: {
    201: { type: 'object', required: ['data'], properties: { data: invitationSchema } },
    409: { ...errorSchema, description: 'email_taken' },
    422: { ...errorSchema, description: 'email_invalid, or a field not allowed' },
    ...commonErrorResponses,
  },
} as const;

const resendSchema = {
  summary: 'Sends an invitation again with a new link, valid 72 hours from now; the old link stops working',
  description:
    'Mails the new link in `language` when SMTP is configured; otherwise answers it in `url`. Works on an ' +
    'expired invitation too. 404 invitation_not_found (accepted, revoked or unknown); 409 email_taken when ' +
    'an account has the e-mail since.',
  tags: ['people'],
  params: idParams,
  body: {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: { language: languageProperty },
  },
  response: {
    200: { type: 'object', required: ['data'], properties: { data: invitationSchema } },
    404: { ...errorSchema, description: 'invitation_not_found' },
    409: { ...errorSchema, description: 'email_taken' },
    ...commonErrorResponses,
  },
} as const;

const revokeSchema = {
  summary: 'Revokes an invitation: its link stops working at once',
  tags: ['people'],
  params: idParams,
  response: {
    204: { type: 'null', description: 'Revoked' },
    404: { ...errorSchema, description: 'invitation_not_found (accepted, revoked already, or unknown)' },
    ...commonErrorResponses,
  },
} as const;

const refusals =
  '404 invitation_invalid (an unknown or revoked link, or one replaced by a newer invitation or a resend); ' +
  '410 invitation_expired (past its 72 hours) or invitation_used (accepted already).';

const checkSchema = {
  summary: 'What an invitation link is for, before it is accepted (CSRF token needed, no session)',
  description:
    'The token goes in the body, never in a URL. 200 for a link that was valid once, with its state: ' +
    '`pending` (it can be accepted), `expired` or `used`. 404 invitation_invalid otherwise.',
  tags: ['people'],
  body: {
    type: 'object',
    required: ['token'],
    additionalProperties: false,
    properties: { token: tokenProperty },
  },
  response: {
    200: {
      type: 'object',
      required: ['email', 'role', 'invited_by', 'expires_at', 'status'],
      properties: {
        email: { type: 'string' },
        role: { type: 'string', enum: [...ASSIGNABLE_ROLES] },
        invited_by: {
          type: ['object', 'null'],
          required: ['name'],
          properties: { name: { type: 'string' } },
        },
        site_name: { type: 'string' },
        expires_at: { type: 'string', format: 'date-time' },
        status: { type: 'string', enum: ['pending', 'expired', 'used'] },
      },
    },
    404: { ...errorSchema, description: 'invitation_invalid' },
    ...commonErrorResponses,
  },
} as const;

const acceptSchema = {
  summary: 'Accepts an invitation: makes the account with its role and signs it in (CSRF token, no session)',
  description:
    `The name is 1 to 100 characters on one line (name_invalid); the password ${MIN_PASSWORD_LENGTH} to ` +
    `${MAX_PASSWORD_LENGTH} characters (password_too_short) and not easy to guess (password_weak, with the ` +
    `reason in errors.password: one of ${Object.keys(REASONS).join(', ')}). ${refusals} 409 email_taken: ` +
    'an account was made with the e-mail meanwhile. On success the answer is the sign-in’s: the new session ' +
    'cookie, the user and a new CSRF token; the link is used.',
  tags: ['people'],
  body: {
    type: 'object',
    required: ['token', 'name', 'password'],
    additionalProperties: false,
    properties: {
      token: tokenProperty,
      name: { type: 'string', maxLength: 200 },
      password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'csrf_token'],
      properties: { user: userSchema, csrf_token: { type: 'string' } },
    },
    404: { ...errorSchema, description: 'invitation_invalid' },
    409: { ...errorSchema, description: 'email_taken' },
    410: { ...errorSchema, description: 'invitation_expired or invitation_used' },
    422: { ...errorSchema, description: 'name_invalid, password_too_short or password_weak, in errors' },
    ...commonErrorResponses,
  },
} as const;

function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function emailValid(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
}

/** Refusals of a link, each with its status: thrown inside a transaction so that nothing is kept. */
class LinkRefused extends Error {
  constructor(
    message: 'invitation_invalid' | 'invitation_expired' | 'invitation_used' | 'email_taken',
    readonly status: number = message === 'invitation_invalid' ? 404 : message === 'email_taken' ? 409 : 410,
  ) {
    super(message);
  }
}

/** Whether it is past its expiry, by the database's clock (the one every process shares). */
const expiredNow = sql<boolean>`${invitations.expiresAt} <= now()`;

export const invitationsRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  const inviterName = sql<
    string | null
  >`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${invitations.invitedBy})`;

  function toJson(row: InvitationRow & { expired: boolean; inviter: string | null }, url?: string) {
    return {
      id: row.id,
      email: row.email,
      role: row.role as AssignableRole,
      invited_by:
        row.invitedBy !== null && row.inviter !== null ? { id: row.invitedBy, name: row.inviter } : null,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      status: row.expired ? ('expired' as const) : ('pending' as const),
      ...(url === undefined ? {} : { url }),
    };
  }

  function languageOf(request: FastifyRequest, given: Language | undefined): Language {
    return (
      given ??
      pageLanguage({
        cookie: request.cookies?.[LANGUAGE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      })
    );
  }

  /** Mails the link, or (no SMTP) hands it back to be shown once. */
  async function deliver(
    row: InvitationRow,
    token: string,
    inviter: string,
    language: Language,
  ): Promise<string | undefined> {
    const url = `${app.publicOrigin}/login/invitation#token=${token}`;
    if (!app.accountMail.enabled) return url;
    const site = await app.settingsRepository
      .publicSettings(language)
      .then((settings) => settings.name || siteName)
      .catch(() => siteName);
    const mail = invitationEmail({
      language,
      siteName: site,
      inviterName: inviter,
      role: row.role as AssignableRole,
      url,
      expiresAt: row.expiresAt,
      timeZone: app.siteTime.zone,
    });
    // In the background: the e-mail is retried without holding the answer.
    void app.accountMail.send({ to: row.email, ...mail });
    return undefined;
  }

  /** An open invitation (neither accepted nor revoked) by its id in the URL, with its state. */
  async function findOpen(raw: string) {
    const id = parseId(raw);
    if (id === null) return null;
    const [row] = await app.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    return row ?? null;
  }

  app.get('/', { schema: listSchema, config: { private: true } }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
    const rows = await app.db
      .select({
        invitation: invitations,
        expired: expiredNow,
        inviter: inviterName,
      })
      .from(invitations)
      .where(
        and(
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          sql`${invitations.expiresAt} > now() - make_interval(days => ${EXPIRED_LISTED_DAYS})`,
        ),
      )
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    return {
      data: rows.map(({ invitation, expired, inviter }) => toJson({ ...invitation, expired, inviter })),
    };
  });

  app.post<{ Body: { email: string; role: AssignableRole; language?: Language } }>(
    '/',
    { schema: inviteSchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const email = normalizeEmail(request.body.email);
      if (!emailValid(email)) throw new FieldsError('email_invalid', { email: ['email_invalid'] });
      if (await findUserByEmail(app.db, email)) return reply.code(409).send({ message: 'email_taken' });
      const { role } = request.body;
      const language = languageOf(request, request.body.language);
      const { token, hash } = newToken();

      const invite = () =>
        app.db.transaction(async (tx) => {
          // The address's open invitation, if any, is replaced: its link stops working.
          const replaced = await tx
            .update(invitations)
            .set({ revokedAt: sql`now()` })
            .where(
              and(
                eq(invitations.email, email),
                isNull(invitations.acceptedAt),
                isNull(invitations.revokedAt),
              ),
            )
            .returning({ id: invitations.id });
          const [row] = await tx
            .insert(invitations)
            .values({
              email,
              role,
              tokenHash: hash,
              invitedBy: editor.id,
              language,
              expiresAt: sql`now() + make_interval(hours => ${INVITATION_HOURS})`,
            })
            .returning();
          if (!row) throw new Error('invitation not stored');
          await recordAudit(tx, request, {
            action: 'invitation_sent',
            target: { type: 'invitation', id: row.id, label: email },
            details: { role, replaced: replaced.length > 0 },
          });
          return row;
        });
      let row: InvitationRow;
      try {
        row = await invite();
      } catch (err) {
        // Two invitations of one address at once: the other is in now, and this one replaces it.
        if (uniqueViolation(err) !== 'invitations_open_email_idx') throw err;
        row = await invite();
      }
      const url = await deliver(row, token, editor.name, language);
      request.log.info({ userId: editor.id, invitationId: row.id, role }, 'invitation sent');
      return reply.code(201).send({ data: toJson({ ...row, expired: false, inviter: editor.name }, url) });
    },
  );

  app.post<{ Params: { id: string }; Body: { language?: Language } | null }>(
    '/:id/resend',
    { schema: resendSchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const open = await findOpen(request.params.id);
      if (!open) return reply.code(404).send({ message: 'invitation_not_found' });
      if (await findUserByEmail(app.db, open.email)) return reply.code(409).send({ message: 'email_taken' });
      const language = languageOf(request, request.body?.language);
      const { token, hash } = newToken();
      const row = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(invitations)
          .set({
            tokenHash: hash,
            language,
            expiresAt: sql`now() + make_interval(hours => ${INVITATION_HOURS})`,
          })
          .where(
            and(eq(invitations.id, open.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
          )
          .returning();
        if (!saved) return null;
        await recordAudit(tx, request, {
          action: 'invitation_resent',
          target: { type: 'invitation', id: saved.id, label: saved.email },
          details: { role: saved.role },
        });
        return saved;
      });
      if (!row) return reply.code(404).send({ message: 'invitation_not_found' });
      const [inviter] = row.invitedBy
        ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.invitedBy))
        : [];
      // The e-mail names whoever sends it now.
      const url = await deliver(row, token, editor.name, language);
      request.log.info({ userId: editor.id, invitationId: row.id }, 'invitation sent again');
      return { data: toJson({ ...row, expired: false, inviter: inviter?.name ?? null }, url) };
    },
  );

  app.delete<{ Params: { id: string } }>('/:id', { schema: revokeSchema }, async (request, reply) => {
    const editor = request.editor;
    if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
    const id = parseId(request.params.id);
    if (id === null) return reply.code(404).send({ message: 'invitation_not_found' });
    const revoked = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(invitations)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning();
      if (row) {
        await recordAudit(tx, request, {
          action: 'invitation_revoked',
          target: { type: 'invitation', id: row.id, label: row.email },
          details: { role: row.role },
        });
      }
      return row;
    });
    if (!revoked) return reply.code(404).send({ message: 'invitation_not_found' });
    request.log.info({ userId: editor.id, invitationId: revoked.id }, 'invitation revoked');
    return reply.code(204).send();
  });

  /** The invitation a link's token names, with its state; null for an unknown or revoked one. */
  async function byToken(token: unknown) {
    if (!isTokenShaped(token)) return null;
    const [found] = await app.db
      .select({ invitation: invitations, expired: expiredNow, inviter: inviterName })
      .from(invitations)
      .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.revokedAt)));
    return found ?? null;
  }

  app.post<{ Body: { token: string } }>(
    '/check',
    { schema: checkSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      const found = await byToken(request.body.token);
      if (!found) return reply.code(404).send({ message: 'invitation_invalid' });
      const { invitation, expired, inviter } = found;
      const language = languageOf(request, undefined);
      const site = await app.settingsRepository
        .publicSettings(language)
        .then((settings) => settings.name || siteName)
        .catch(() => siteName);
      return {
        email: invitation.email,
        role: invitation.role as AssignableRole,
        invited_by: inviter === null ? null : { name: inviter },
        site_name: site,
        expires_at: invitation.expiresAt.toISOString(),
        status: invitation.acceptedAt ? 'used' : expired ? 'expired' : 'pending',
      };
    },
  );

  app.post<{ Body: { token: string; name: string; password: string } }>(
    '/accept',
    { schema: acceptSchema, config: { access: 'csrf', private: true } },
    async (request, reply) => {
      const { token, password } = request.body;
      const name = request.body.name.trim();
      const refuse = (error: LinkRefused) => reply.code(error.status).send({ message: error.message });

      const found = await byToken(token);
      if (!found) return refuse(new LinkRefused('invitation_invalid'));
      if (found.invitation.acceptedAt) return refuse(new LinkRefused('invitation_used'));
      if (found.expired) return refuse(new LinkRefused('invitation_expired'));
      const { email } = found.invitation;

      if (name === '' || name.length > 100 || /[\r\n]/.test(name)) {
        throw new FieldsError('name_invalid', { name: ['name_invalid'] });
      }
      if (password.length < MIN_PASSWORD_LENGTH) {
        throw new FieldsError('password_too_short', { password: ['password_too_short'] });
      }
      const weakness = await passwordWeaknessReason(password, { email, name, siteName });
      if (weakness) throw new FieldsError('password_weak', { password: [weakness] });
      // Every rule a new account is held to, the same as any other way of making one.
      const problem = await accountProblem({ email, name, password }, siteName);
      if (problem) throw new FieldsError('account_invalid', { account: [problem] });
      const passwordHash = await hashPassword(password);

      let user: typeof users.$inferSelect;
      try {
        user = await app.db.transaction(async (tx) => {
          // Locked: a link used twice at once makes one account.
          const [locked] = await tx
            .select({ invitation: invitations, expired: expiredNow })
            .from(invitations)
            .where(eq(invitations.id, found.invitation.id))
            .for('update');
          const current = locked?.invitation;
          if (!current || current.revokedAt || current.tokenHash !== found.invitation.tokenHash) {
            throw new LinkRefused('invitation_invalid');
          }
          if (current.acceptedAt) throw new LinkRefused('invitation_used');
          if (locked.expired) throw new LinkRefused('invitation_expired');
          const [made] = await tx
            .insert(users)
            .values({ email, name, passwordHash, role: current.role, lastSignInAt: sql`now()` })
            .onConflictDoNothing()
            .returning();
          if (!made) throw new LinkRefused('email_taken');
          await tx
            .update(invitations)
            .set({ acceptedAt: sql`now()`, userId: made.id })
            .where(eq(invitations.id, current.id));
          await recordAudit(tx, request, {
            action: 'invitation_accepted',
            actor: { id: made.id, email: made.email },
            target: { type: 'invitation', id: current.id, label: email },
            details: { role: made.role },
          });
          return made;
        });
      } catch (err) {
        if (err instanceof LinkRefused) return refuse(err);
        throw err;
      }

      const editor = { id: user.id, email: user.email, name: user.name, role: user.role };
      await app.sessions.create(request, reply, editor);
      app.csrf.rotate(request, reply);
      request.log.info({ userId: user.id, invitationId: found.invitation.id }, 'invitation accepted');
      return { user: editor, csrf_token: app.csrf.token(request, reply) };
    },
  );
};
