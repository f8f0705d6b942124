import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH } from '../../config';
import { recoveryCodes, users } from '../../db/schema';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { verifyPassword } from '../../lib/passwords';
import {
  acceptedStep,
  mustSetUpTwoStep,
  newRecoveryCodes,
  newTotpSecret,
  qrCodeDataUrl,
  RECOVERY_CODE_COUNT,
  recoveryCodesLeft,
  storeRecoveryCodes,
  TWO_STEP_POLICY_ROLES,
  totpUri,
  twoStepRequired,
} from '../../lib/two-step';
import { commonErrorResponses, errorSchema } from '../../schemas';
import { countGuess, tooManySchema } from './guesses';

/**
 * The signed-in editor's own two-step sign-in: setting it up (a secret shown as a QR code, confirmed with a
 * code), the recovery codes (shown once, stored hashed) and turning it off. Each of these routes stays open
 * to an administrator whom the owner's requirement holds to setting it up first.
 */

const statusProperties = {
  enabled: { type: 'boolean' },
  enabled_at: { type: ['string', 'null'], format: 'date-time' },
  recovery_codes_left: { type: 'integer', description: 'Unused recovery codes' },
  required: {
    type: 'boolean',
    description: 'The owner requires two-step sign-in of this account (an administrator or the owner)',
  },
  setup_required: {
    type: 'boolean',
    description: 'Required and not on yet: the session serves only the two-step setup until it is',
  },
} as const;

const statusSchema = {
  type: 'object',
  required: Object.keys(statusProperties),
  properties: statusProperties,
} as const;

const getSchema = {
  summary: "Whether the signed-in editor's two-step sign-in is on, and how many recovery codes are left",
  tags: ['editors'],
  response: { 200: statusSchema, ...commonErrorResponses },
} as const;

const setupSchema = {
  summary: 'Starts setting two-step sign-in up: a new secret, its otpauth:// address and a QR code of it',
  description:
    'The secret is kept pending until POST /api/auth/two-step/confirm gives a code made from it; each call ' +
    'replaces the pending secret. 409 two_step_already_on when it is on (turn it off first).',
  tags: ['editors'],
  response: {
    200: {
      type: 'object',
      required: ['secret', 'otpauth_uri', 'qr_code'],
      properties: {
        secret: { type: 'string', description: 'Base32, for typing into an authenticator app by hand' },
        otpauth_uri: { type: 'string' },
        qr_code: { type: 'string', description: 'The otpauth:// address as an SVG QR code, in a data: URL' },
      },
    },
    409: { ...errorSchema, description: 'two_step_already_on' },
    ...commonErrorResponses,
  },
} as const;

const codesSchema = {
  type: 'object',
  required: ['recovery_codes'],
  properties: {
    recovery_codes: {
      type: 'array',
      items: { type: 'string' },
      description: `${RECOVERY_CODE_COUNT} single-use codes, shown this once (only their hashes are kept)`,
    },
  },
} as const;

const confirmSchema = {
  summary: 'Turns two-step sign-in on with a code from the app, and answers the recovery codes once',
  description:
    '422 invalid_code (errors.code) when the code is not the current one for the pending secret; ' +
    '409 two_step_not_started without a pending setup, two_step_already_on when it is on.',
  tags: ['editors'],
  body: {
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code: { type: 'string', maxLength: 16 } },
  },
  response: {
    200: codesSchema,
    409: { ...errorSchema, description: 'two_step_not_started or two_step_already_on' },
    422: { ...errorSchema, description: 'invalid_code' },
    ...commonErrorResponses,
  },
} as const;

const passwordBody = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH } },
} as const;

const regenerateSchema = {
  summary: 'Replaces the recovery codes with ten new ones (the password again), answered once',
  description:
    'The password counts against the sign-in limits (429 when reached). 422 password_invalid ' +
    '(errors.password); 409 two_step_off when two-step sign-in is off.',
  tags: ['editors'],
  body: passwordBody,
  response: {
    200: codesSchema,
    409: { ...errorSchema, description: 'two_step_off' },
    422: { ...errorSchema, description: 'password_invalid' },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

const disableSchema = {
  summary: 'Turns two-step sign-in off (the password again); the recovery codes are deleted',
  description:
    'The password counts against the sign-in limits (429 when reached). 422 password_invalid ' +
    '(errors.password); 409 two_step_off when it is off already; 403 two_step_required_by_owner for an ' +
    'administrator or the owner while the owner requires two-step sign-in.',
  tags: ['editors'],
  body: passwordBody,
  response: {
    200: statusSchema,
    403: { ...errorSchema, description: 'two_step_required_by_owner, csrf_mismatch' },
    409: { ...errorSchema, description: 'two_step_off' },
    422: { ...errorSchema, description: 'password_invalid' },
    429: tooManySchema,
    ...commonErrorResponses,
  },
} as const;

export const twoStepRoutes: FastifyPluginAsync<{ siteName: string }> = async (app, { siteName }) => {
  async function account(id: number) {
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async function status(id: number) {
    const row = await account(id);
    const required = row
      ? (await twoStepRequired(app.db)) && TWO_STEP_POLICY_ROLES.includes(row.role)
      : false;
    const enabled = !!row?.twoStepSecret;
    return {
      enabled,
      enabled_at: row?.twoStepEnabledAt?.toISOString() ?? null,
      recovery_codes_left: enabled ? await recoveryCodesLeft(app.db, id) : 0,
      required,
      setup_required: row ? mustSetUpTwoStep(row.role, enabled, required) : false,
    };
  }

  /** The password, checked against the sign-in limits; false when the 429 was sent. */
  async function checkPassword(request: FastifyRequest, reply: FastifyReply, password: string) {
    const editor = request.editor;
    if (!editor) return false;
    const guess = await countGuess(app, request, reply, editor.email);
    if (guess.blocked) return false;
    const row = await account(editor.id);
    if (!row || !(await verifyPassword(row.passwordHash, password))) {
      throw new FieldsError('password_invalid', { password: ['password_invalid'] });
    }
    await guess.succeeded();
    return true;
  }

  // A new object for each route: the access guard writes into it.
  const open = () => ({ private: true, twoStepSetup: true });

  app.get('/auth/two-step', { schema: getSchema, config: open() }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: 'unauthenticated' });
    return status(request.editor.id);
  });

  app.post('/auth/two-step/setup', { schema: setupSchema, config: open() }, async (request, reply) => {
    const editor = request.editor;
    if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
    const secret = newTotpSecret();
    const [row] = await app.db
      .update(users)
      .set({ twoStepPendingSecret: secret })
      .where(and(eq(users.id, editor.id), sql`${users.twoStepSecret} IS NULL`))
      .returning({ id: users.id });
    if (!row) return reply.code(409).send({ message: 'two_step_already_on' });
    const uri = totpUri(secret, siteName, editor.email);
    return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
  });

  app.post<{ Body: { code: string } }>(
    '/auth/two-step/confirm',
    { schema: confirmSchema, config: open() },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      const row = await account(editor.id);
      if (row?.twoStepSecret) return reply.code(409).send({ message: 'two_step_already_on' });
      const pending = row?.twoStepPendingSecret;
      if (!pending) return reply.code(409).send({ message: 'two_step_not_started' });
      const step = await acceptedStep(pending, request.body.code, null);
      if (step === null) throw new FieldsError('invalid_code', { code: ['invalid_code'] });

      const codes = newRecoveryCodes();
      const turnedOn = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(users)
          .set({
            twoStepSecret: pending,
            twoStepPendingSecret: null,
            twoStepLastStep: step,
            twoStepEnabledAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(users.id, editor.id),
              eq(users.twoStepPendingSecret, pending),
              sql`${users.twoStepSecret} IS NULL`,
            ),
          )
          .returning({ id: users.id });
        if (!saved) return false;
        await storeRecoveryCodes(tx, editor.id, codes);
        await recordAudit(tx, request, {
          action: 'two_step_enabled',
          target: { type: 'user', id: editor.id, label: editor.email },
        });
        return true;
      });
      if (!turnedOn) return reply.code(409).send({ message: 'two_step_already_on' });
      request.twoStepSetupRequired = false;
      request.log.info({ userId: editor.id }, 'two-step sign-in turned on');
      return { recovery_codes: codes };
    },
  );

  app.post<{ Body: { password: string } }>(
    '/auth/two-step/recovery-codes',
    { schema: regenerateSchema, config: open() },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      if (!(await checkPassword(request, reply, request.body.password))) return reply;
      const codes = newRecoveryCodes();
      const done = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ secret: users.twoStepSecret })
          .from(users)
          .where(eq(users.id, editor.id))
          .for('update');
        if (!row?.secret) return false;
        await storeRecoveryCodes(tx, editor.id, codes);
        await recordAudit(tx, request, {
          action: 'recovery_codes_regenerated',
          target: { type: 'user', id: editor.id, label: editor.email },
          details: { count: codes.length },
        });
        return true;
      });
      if (!done) return reply.code(409).send({ message: 'two_step_off' });
      request.log.info({ userId: editor.id }, 'recovery codes regenerated');
      return { recovery_codes: codes };
    },
  );

  app.post<{ Body: { password: string } }>(
    '/auth/two-step/disable',
    { schema: disableSchema, config: open() },
    async (request, reply) => {
      const editor = request.editor;
      if (!editor) return reply.code(401).send({ message: 'unauthenticated' });
      if (!(await checkPassword(request, reply, request.body.password))) return reply;
      if (TWO_STEP_POLICY_ROLES.includes(editor.role) && (await twoStepRequired(app.db))) {
        return reply.code(403).send({ message: 'two_step_required_by_owner' });
      }
      const done = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            twoStepSecret: null,
            twoStepPendingSecret: null,
            twoStepLastStep: null,
            twoStepEnabledAt: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, editor.id), sql`${users.twoStepSecret} IS NOT NULL`))
          .returning({ id: users.id });
        if (!row) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, editor.id));
        await recordAudit(tx, request, {
          action: 'two_step_disabled',
          target: { type: 'user', id: editor.id, label: editor.email },
        });
        return true;
      });
      if (!done) return reply.code(409).send({ message: 'two_step_off' });
      request.log.info({ userId: editor.id }, 'two-step sign-in turned off');
      return status(editor.id);
    },
  );
};
