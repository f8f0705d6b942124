import { ASSIGNABLE_ROLES, type Role } from '@agency/core/roles';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../config';
import { accountPolicy, sessions, users } from '../../db/schema';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { verifyPassword } from '../../lib/passwords';
import { twoStepRequired } from '../../lib/two-step';
import { FORBIDDEN } from '../../plugins/access';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { countGuess, tooManySchema, userSchema } from '../auth/guesses';

/**
 * The People screen's accounts (core/src/rules/roles.ts: the `people` permission, administrators and the
 * owner). The owner is never demoted or deactivated here: only handing the ownership over changes them.
 * Deactivating an account deletes its sessions in the same transaction, so it is signed out at once; its
 * posts stay, attributed to it. Accounts are added by invitation (./invitations.ts) or the editor:create
 * command.
 */

const accountSchema = {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'active', 'two_step', 'last_sign_in_at', 'created_at'],
  properties: {
    ...userSchema.properties,
    active: { type: 'boolean', description: 'False: deactivated, cannot sign in' },
    two_step: { type: 'boolean', description: 'Two-step sign-in is on for the account' },
    last_sign_in_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 16 } },
} as const;

const listSchema = {
  summary: 'Every account: the owner first, then by name (administrators and the owner)',
  tags: ['people'],
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: accountSchema } },
    },
    ...commonErrorResponses,
  },
} as const;

const changeSchema = {
  summary: "Changes an account's role or deactivates (or reactivates) it",
  description:
    'Deactivating ends every session of the account at once. Refused with 422: owner_protected (the owner is ' +
    'changed only by handing the ownership over), own_account (your own role or activity), user_not_found is 404.',
  tags: ['people'],
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      role: { type: 'string', enum: [...ASSIGNABLE_ROLES] },
      active: { type: 'boolean' },
    },
  },
  response: {
    200: { type: 'object', required: ['data'], properties: { data: accountSchema } },
    404: { ...errorSchema, description: 'user_not_found' },
    422: { ...errorSchema, description: 'owner_protected, own_account, or a field not allowed' },
    ...commonErrorResponses,
  },
} as const;

const ownershipSchema = {
  summary: 'Hands the ownership over to another active account (the owner only, with their password)',
  description:
    'The owner becomes an administrator and the account named becomes the owner, together. The password ' +
    'counts against the sign-in limits like a sign-in (429 when they are reached). 403 forbidden for anyone ' +
    'but the owner; 422 password_invalid (errors.password) or ownership_target_invalid (yourself, or an ' +
    'account that is deactivated); 404 user_not_found.',
  tags: ['people'],
  params: idParams,
  body: {
    type: 'object',
    required: ['password'],
    additionalProperties: false,
    properties: { password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH } },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'data'],
      properties: {
        user: { ...userSchema, description: 'You, now an administrator' },
        data: accountSchema,
      },
    },
    404: { ...errorSchema, description: 'user_not_found' },
    422: { ...errorSchema, description: 'password_invalid or ownership_target_invalid' },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

const policySchema = {
  type: 'object',
  required: ['require_two_step_for_administrators'],
  properties: {
    require_two_step_for_administrators: {
      type: 'boolean',
      description:
        'Administrators and the owner must turn two-step sign-in on: until they do, their session serves only ' +
        'its setup (403 two_step_setup_required elsewhere), and they cannot turn it off',
    },
  },
} as const;

const getPolicySchema = {
  summary: "The owner's requirement of two-step sign-in for administrators (administrators and the owner)",
  tags: ['people'],
  response: { 200: policySchema, ...commonErrorResponses },
} as const;

const putPolicySchema = {
  summary: 'Turns the requirement of two-step sign-in for administrators on or off (the owner only)',
  description:
    '403 forbidden for anyone but the owner. Turning it on is refused with 422 two_step_needed_first while the ' +
    "owner's own two-step sign-in is off. Administrators without it are held to setting it up at their next " +
    'request.',
  tags: ['people'],
  body: policySchema,
  response: {
    200: policySchema,
    422: { ...errorSchema, description: 'two_step_needed_first' },
    ...commonErrorResponses,
  },
} as const;

type UserRow = typeof users.$inferSelect;

function toJson(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    two_step: row.twoStepSecret !== null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const usersRoutes: FastifyPluginAsync = async (app) => {
  async function find(raw: string): Promise<UserRow | null> {
    const id = parseId(raw);
    if (id === null) return null;
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  app.get('/', { schema: listSchema, config: { private: true } }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
    const rows = await app.db
      .select()
      .from(users)
      .orderBy(sql`${users.role} = 'owner' DESC`, asc(users.name), asc(users.id));
    return { data: rows.map(toJson) };
  });

  app.get(
    '/two-step-policy',
    { schema: getPolicySchema, config: { private: true } },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
      return { require_two_step_for_administrators: await twoStepRequired(app.db) };
    },
  );

  app.put<{ Body: { require_two_step_for_administrators: boolean } }>(
    '/two-step-policy',
    { schema: putPolicySchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      if (editor.role !== 'owner') return reply.code(403).send({ message: FORBIDDEN });
      const required = request.body.require_two_step_for_administrators;
      if (required) {
        const [me] = await app.db
          .select({ secret: users.twoStepSecret })
          .from(users)
          .where(eq(users.id, editor.id));
        if (!me?.secret) {
          throw new FieldsError('two_step_needed_first', {
            require_two_step_for_administrators: ['two_step_needed_first'],
          });
        }
      }
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ required: accountPolicy.requireTwoStepForAdministrators })
          .from(accountPolicy)
          .where(eq(accountPolicy.id, 1))
          .for('update');
        await tx
          .insert(accountPolicy)
          .values({ id: 1, requireTwoStepForAdministrators: required })
          .onConflictDoUpdate({
            target: accountPolicy.id,
            set: { requireTwoStepForAdministrators: required, updatedAt: sql`now()` },
          });
        if ((before?.required ?? false) !== required) {
          await recordAudit(tx, request, {
            action: 'two_step_requirement_changed',
            details: { required },
          });
        }
      });
      request.log.info({ userId: editor.id, required }, 'two-step requirement changed');
      return { require_two_step_for_administrators: required };
    },
  );

  app.patch<{ Params: { id: string }; Body: { role?: Exclude<Role, 'owner'>; active?: boolean } }>(
    '/:id',
    { schema: changeSchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const target = await find(request.params.id);
      if (!target) return reply.code(404).send({ message: 'user_not_found' });
      const { role, active } = request.body;
      const changesRole = role !== undefined && role !== target.role;
      const deactivates = active === false && target.active;
      if (target.role === 'owner' && (changesRole || deactivates)) {
        throw new FieldsError('owner_protected', { [changesRole ? 'role' : 'active']: ['owner_protected'] });
      }
      if (target.id === editor.id && (changesRole || deactivates)) {
        throw new FieldsError('own_account', { [changesRole ? 'role' : 'active']: ['own_account'] });
      }
      const saved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ role, active, updatedAt: sql`now()` })
          // The owner could have changed since it was read: the owner's row is never changed here.
          .where(and(eq(users.id, target.id), sql`${users.role} <> 'owner'`))
          .returning();
        if (!row) return row;
        if (!row.active) await tx.delete(sessions).where(eq(sessions.userId, row.id));
        const account = { type: 'user', id: row.id, label: row.email };
        if (row.role !== target.role) {
          await recordAudit(tx, request, {
            action: 'role_changed',
            target: account,
            details: { from: target.role, to: row.role },
          });
        }
        if (row.active !== target.active) {
          await recordAudit(tx, request, {
            action: row.active ? 'account_reactivated' : 'account_deactivated',
            target: account,
          });
        }
        return row;
      });
      if (!saved) throw new FieldsError('owner_protected', { role: ['owner_protected'] });
      request.log.info(
        { userId: editor.id, accountId: saved.id, role: saved.role, active: saved.active },
        'account changed',
      );
      return { data: toJson(saved) };
    },
  );

  app.post<{ Params: { id: string }; Body: { password: string } }>(
    '/:id/ownership',
    { schema: ownershipSchema },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      if (editor.role !== 'owner') return reply.code(403).send({ message: FORBIDDEN });
      const target = await find(request.params.id);
      if (!target) return reply.code(404).send({ message: 'user_not_found' });

      const guess = await countGuess(app, request, reply, editor.email);
      if (guess.blocked) return reply;
      const [me] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, editor.id));
      if (!me || !(await verifyPassword(me.passwordHash, request.body.password))) {
        throw new FieldsError('password_invalid', { password: ['password_invalid'] });
      }
      await guess.succeeded();
      if (target.id === editor.id || !target.active) {
        throw new FieldsError('ownership_target_invalid', { id: ['ownership_target_invalid'] });
      }

      const saved = await app.db.transaction(async (tx) => {
        // In this order: the index allows one owner at a time.
        await tx
          .update(users)
          .set({ role: 'administrator', updatedAt: sql`now()` })
          .where(and(eq(users.id, editor.id), eq(users.role, 'owner')));
        const [row] = await tx
          .update(users)
          .set({ role: 'owner', updatedAt: sql`now()` })
          .where(and(eq(users.id, target.id), eq(users.active, true)))
          .returning();
        if (!row) throw new FieldsError('ownership_target_invalid', { id: ['ownership_target_invalid'] });
        await recordAudit(tx, request, {
          action: 'ownership_transferred',
          target: { type: 'user', id: row.id, label: row.email },
        });
        return row;
      });
      request.log.info({ userId: editor.id, accountId: saved.id }, 'ownership handed over');
      request.editor = { ...editor, role: 'administrator' };
      return { user: request.editor, data: toJson(saved) };
    },
  );
};
