import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../config';
import { passwordResets, sessions, users } from '../../db/schema';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { passwordWeaknessReason, REASONS } from '../../lib/password-strength';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { liveSession } from '../../plugins/sessions';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { countGuess, tooManySchema, userSchema } from './guesses';

/**
 * The signed-in editor's own account (ASVS 6.2, 7.4, 7.5): changing the password, which signs out every
 * other session, and the list of sessions, each of which can be signed out.
 */

const sessionSchema = {
  type: 'object',
  required: ['id', 'browser', 'os', 'signed_in_at', 'last_seen_at', 'current'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'Names the session to sign it out; not its token' },
    browser: {
      type: ['string', 'null'],
      description: 'Chrome, Firefox, Safari, Edge, Opera or Samsung Internet, from the User-Agent at sign-in',
    },
    os: { type: ['string', 'null'], description: 'Android, iOS, Windows, macOS, ChromeOS or Linux' },
    signed_in_at: { type: 'string', format: 'date-time' },
    last_seen_at: {
      type: 'string',
      format: 'date-time',
      description: 'The last request, to the minute',
    },
    current: { type: 'boolean', description: 'The session this request came with' },
  },
} as const;

const signedOutSchema = {
  type: 'object',
  required: ['signed_out'],
  properties: { signed_out: { type: 'integer', description: 'How many sessions were signed out' } },
} as const;

const listSchema = {
  summary: "The signed-in editor's sessions: this one first, then the most recently used",
  tags: ['editors'],
  response: {
    200: {
      type: 'object',
      required: ['sessions'],
      properties: { sessions: { type: 'array', items: sessionSchema } },
    },
    ...commonErrorResponses,
  },
} as const;

const endOneSchema = {
  summary: "Signs out one of the editor's other sessions",
  description: 'The session this request came with is signed out with POST /api/auth/logout instead (422).',
  tags: ['editors'],
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  response: {
    200: signedOutSchema,
    404: { ...errorSchema, description: 'session_not_found: no other live session of this editor' },
    422: { ...errorSchema, description: 'session_current: the session this request came with' },
    ...commonErrorResponses,
  },
} as const;

const endOthersSchema = {
  summary: 'Signs out every session of the editor but this one',
  tags: ['editors'],
  response: { 200: signedOutSchema, ...commonErrorResponses },
} as const;

const passwordSchema = {
  summary: 'Changes the editor’s password, given the current one; signs out every other session',
  description:
    'The current password is checked against the sign-in limits (a wrong one counts as a failed sign-in, ' +
    `429 when they are reached). The new one must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, ` +
    'differ from the current one, and not be easy to guess (password_weak, with the reason in ' +
    `errors.new_password: one of ${Object.keys(REASONS).join(', ')}). On success this session gets a new ` +
    'cookie, the page a new CSRF token, and every other session of the editor ends.',
  tags: ['editors'],
  body: {
    type: 'object',
    required: ['current_password', 'new_password'],
    additionalProperties: false,
    properties: {
      current_password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
      new_password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'csrf_token', 'signed_out'],
      properties: {
        user: userSchema,
        csrf_token: { type: 'string' },
        signed_out: { type: 'integer', description: 'How many other sessions were signed out' },
      },
    },
    422: {
      ...errorSchema,
      description:
        'current_password_required, current_password_invalid, password_too_short, password_unchanged or ' +
        'password_weak, each with its field in `errors`',
    },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

function refuse(message: string, field: 'current_password' | 'new_password', detail = message): never {
  throw new FieldsError(message, { [field]: [detail] });
}

export const accountRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  app.get('/auth/sessions', { schema: listSchema, config: { private: true } }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
    const rows = await app.sessions.list(request);
    return {
      sessions: rows.map((row) => ({
        id: row.handle,
        browser: row.browser,
        os: row.os,
        signed_in_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.current,
      })),
    };
  });

  app.post('/auth/sessions/end-others', { schema: endOthersSchema }, async (request) => {
    const ended = await app.sessions.endOthers(request);
    request.log.info({ userId: request.editor?.id, ended }, 'editor signed out their other sessions');
    return { signed_out: ended };
  });

  app.delete<{ Params: { id: string } }>(
    '/auth/sessions/:id',
    { schema: endOneSchema },
    async (request, reply) => {
      const current = (await app.sessions.list(request)).find((row) => row.current);
      if (current?.handle === request.params.id.toLowerCase()) {
        return reply.code(422).send({ message: 'session_current' });
      }
      if (!(await app.sessions.end(request, request.params.id))) {
        return reply.code(404).send({ message: 'session_not_found' });
      }
      request.log.info({ userId: request.editor?.id }, 'editor signed out one of their sessions');
      return { signed_out: 1 };
    },
  );

  app.post<{ Body: { current_password: string; new_password: string } }>(
    '/auth/password',
    { schema: passwordSchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const { current_password: current, new_password: next } = request.body;
      if (current === '') refuse('current_password_required', 'current_password');
      if (next.length < MIN_PASSWORD_LENGTH) refuse('password_too_short', 'new_password');

      // The current password is a guess like a sign-in's: it counts against the same limits, first.
      const guess = await countGuess(app, request, reply, editor.email);
      if (guess.blocked) return reply;
      const [user] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, editor.id));
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        request.log.info({ ip: request.ip, userId: editor.id }, 'password change: current password wrong');
        refuse('current_password_invalid', 'current_password');
      }
      await guess.succeeded();

      if (next === current) refuse('password_unchanged', 'new_password');
      const weakness = await passwordWeaknessReason(next, {
        email: editor.email,
        name: editor.name,
        siteName,
      });
      if (weakness) refuse('password_weak', 'new_password', weakness);

      const passwordHash = await hashPassword(next);
      // The new password and the end of every session of the account, together: no session opened with
      // the old password outlives the change. This one goes on under a new cookie. A reset link asked for
      // before stops working too: it would otherwise undo the change within its hour.
      const ended = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, editor.id));
        await tx.delete(passwordResets).where(eq(passwordResets.userId, editor.id));
        await recordAudit(tx, request, {
          action: 'password_changed',
          target: { type: 'user', id: editor.id, label: editor.email },
        });
        return tx
          .delete(sessions)
          .where(eq(sessions.userId, editor.id))
          .returning({ id: sessions.id, live: sql<boolean>`${liveSession()}` });
      });
      const others = ended.filter((row) => row.id !== request.sessionId && row.live).length;
      request.sessionId = null;
      await app.sessions.create(request, reply, editor);
      app.csrf.rotate(request, reply);
      request.log.info({ userId: editor.id, ended: others }, 'editor changed their password');
      return { user: editor, csrf_token: app.csrf.token(request, reply), signed_out: others };
    },
  );
};
