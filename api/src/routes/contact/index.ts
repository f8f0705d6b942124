import {
  CONTACT_FIELD_ORDER,
  type ContactInput,
  FEATURED_CALLING_CODES,
  PLAN_KEY_MAX,
} from '@agency/core/rules';
import { callingCodeOf, normalizePhone, validateContact } from '@agency/core/validate-contact';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { contactMessages } from '../../db/schema';
import { rateLimitAddress } from '../../lib/client-address';
import type { Limit } from '../../plugins/rate-limiter';
import { commonErrorResponses } from '../../schemas';

/**
 * Ten messages per address per 15 minutes by default (CONTACT_RATE_LIMIT): more than a person sends, few enough
 * to make spam pointless. An office behind one address may need more.
 */
export const CONTACT_WINDOW_MS = 15 * 60 * 1000;

const field = (maxLength: number, description?: string) =>
  ({ type: 'string', maxLength, ...(description ? { description } : {}) }) as const;

const answerSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

const contactSchema = {
  summary: 'Sends the contact form (CSRF token needed, no session)',
  description:
    'Every field is trimmed, then checked with core validateContact (`@agency/core/validate-contact`); service ' +
    'must be a known service key. The phone number is stored in E.164 with its country (`phone_region`). ' +
    'The message is stored before the ' +
    'answer; an e-mail notification follows when SMTP_URL is set (retried, never losing the message). `website` ' +
    'is a honeypot people leave empty: a message that fills it gets the same answer, is kept with status `spam` ' +
    'and sends no e-mail. At most CONTACT_RATE_LIMIT (10 by default) requests per address per 15 minutes. ' +
    'With an `Idempotency-Key` header (a UUID the browser makes when the visitor presses send), the message ' +
    'is stored once: the same key sent again (a retry, the offline queue replaying it, several at once, after ' +
    'a restart) answers 200 as the first time, with `Idempotent-Replayed: true`, without a second message or ' +
    'e-mail; its body is not looked at again. A key that is not a UUID answers 400 `idempotency_key_invalid`.',
  tags: ['contact'],
  headers: {
    type: 'object',
    properties: {
      'idempotency-key': {
        type: 'string',
        description:
          'Optional. A UUID (8-4-4-4-12 hex digits, any case, 36 characters) made once per message; ' +
          'the same for every try of that message.',
      },
    },
  },
  body: {
    type: 'object',
    properties: {
      name: field(200),
      countryCode: field(
        8,
        `A calling code, like ${Object.values(FEATURED_CALLING_CODES).join(' ')}: any country's (every one the ` +
          'phone library knows)',
      ),
      region: field(
        2,
        'Optional: the country chosen in the form (ISO 3166 alpha-2, like GB), whose calling code must be ' +
          '`countryCode`; without it `countryCode` stands for its main country (+1: US)',
      ),
      phone: field(
        40,
        'As people write it: Western, Arabic-Indic or Persian digits, spaces, dashes, dots, brackets; the ' +
          "national trunk prefix (the UK's 0) may stay. A number starting with + or 00 brings its own " +
          "country. It must be valid for its country (libphonenumber's full metadata), and is stored in E.164",
      ),
      email: field(320),
      business: field(300),
      service: field(100, 'A service key, as in GET /api/services'),
      plan: field(
        PLAN_KEY_MAX,
        'Optional: the key of the pricing plan chosen, one a visible plan has (GET /api/pricing); another is ' +
          'refused with `plan_invalid`',
      ),
      message: field(10_000),
      website: field(500, 'Honeypot: must stay empty'),
    },
  },
  response: {
    200: answerSchema,
    400: answerSchema,
    422: answerSchema,
    429: answerSchema,
    ...commonErrorResponses,
  },
} as const;

type ContactBody = Partial<ContactInput> & { website?: string };

/**
 * A UUID in its usual spelling (any version, any case): what `crypto.randomUUID()` makes. Checked here rather
 * than in the schema so that a bad key gets its own clear answer instead of the generic one.
 */
const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's `Idempotency-Key`, lower case; null without one; `false` when it is not a UUID. */
function idempotencyKeyOf(header: string | string[] | undefined): string | null | false {
  if (header === undefined) return null;
  // Sent twice (two headers, or one joined with a comma) is as wrong as a malformed one.
  if (Array.isArray(header) || !IDEMPOTENCY_KEY.test(header)) return false;
  return header.toLowerCase();
}

const SENT = { success: true, message: 'contact_sent' } as const;

/** The fields read from the body: the form's, and the optional region beside the calling code. */
const FIELDS: (keyof ContactInput)[] = [...CONTACT_FIELD_ORDER, 'region'];

/**
 * The form's fields, each trimmed: the one place that happens, so what is checked is what is stored, and a
 * robot's message is kept exactly as a person's would be.
 */
function trimmedFields(body: ContactBody): Required<ContactInput> {
  return Object.fromEntries(
    FIELDS.map((field) => [field, (body[field] ?? '').trim()]),
  ) as Required<ContactInput>;
}

export const contactRoutes: FastifyPluginAsync<{ perWindow: number }> = async (app, { perWindow }) => {
  const contactLimit: Limit = { max: perWindow, windowMs: CONTACT_WINDOW_MS };
  async function messageWithKey(key: string): Promise<boolean> {
    const [found] = await app.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.idempotencyKey, key))
      .limit(1);
    return !!found;
  }

  /**
   * Stores the message; false when another request with the same key stored it first (two tries at once both
   * passed the look-up above: the unique index lets exactly one in, and the other answers as a replay).
   */
  async function store(values: PgInsertValue<typeof contactMessages>): Promise<boolean> {
    const inserted = await app.db
      .insert(contactMessages)
      .values(values)
      .onConflictDoNothing({ target: contactMessages.idempotencyKey })
      .returning({ id: contactMessages.id });
    return inserted.length > 0;
  }

  function replayed(reply: FastifyReply) {
    return reply.header('idempotent-replayed', 'true').send(SENT);
  }

  app.post<{ Body: ContactBody }>(
    '/contact',
    // Shape problems (a number where text goes, a field too long) come back in the contact answer's shape.
    { schema: contactSchema, attachValidation: true, config: { access: 'csrf', successShape: true } },
    async (request, reply) => {
      const limit = await app.rateLimiter.hit(`contact:${rateLimitAddress(request.ip)}`, contactLimit);
      if (limit.limited) {
        return reply
          .code(429)
          .header('retry-after', String(limit.retryAfter))
          .send({ success: false, message: 'too_many_requests' });
      }
      if (request.validationError) {
        const field = request.validationError.validation[0]?.instancePath.replace(/^\//, '') || 'request';
        return reply
          .code(422)
          .send({ success: false, message: 'invalid_payload', errors: { [field]: ['invalid'] } });
      }

      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (idempotencyKey === false) {
        return reply.code(400).send({
          success: false,
          message: 'idempotency_key_invalid',
          errors: { 'Idempotency-Key': ['idempotency_key_invalid'] },
        });
      }
      // A key already stored: this message was taken before (the answer to the first try was lost, or the
      // offline queue replayed it). The first answer again, and nothing stored or mailed a second time.
      if (idempotencyKey && (await messageWithKey(idempotencyKey))) return replayed(reply);

      const body = request.body ?? {};
      const { region, ...fields } = trimmedFields(body);
      // A robot fills every field it finds; people never see this one. It gets the answer a person would,
      // so it learns nothing; its message is kept as spam for the editors' inbox (shape-checked by the
      // schema, not by the form's rules) and no e-mail is sent.
      if ((body.website ?? '').trim() !== '') {
        request.log.info({ ip: request.ip }, 'contact honeypot filled: message kept as spam');
        const phone = normalizePhone({ ...fields, region });
        const stored = await store({
          ...fields,
          ...(phone.ok ? { phone: phone.e164, phoneRegion: phone.region } : {}),
          status: 'spam',
          mailStatus: 'disabled',
          mailNextAttemptAt: null,
          idempotencyKey,
        });
        return stored ? SENT : replayed(reply);
      }

      const errors: Record<string, string[]> = {};
      for (const problem of validateContact({ ...fields, region }))
        errors[problem.field] = [...(errors[problem.field] ?? []), problem.key];
      // The service's names as they are now, kept with the message: the inbox still names the service after
      // it is renamed, hidden or deleted. A hidden service is no choice (its page is gone for the public).
      const serviceName = errors.service ? null : await app.servicesRepository.names(fields.service);
      if (!errors.service && !serviceName) errors.service = ['service_invalid'];
      // The plan's names as they are now, kept with the message (as the service's): the plan of the service's
      // pricing when it has one, else the first with this key. A key no visible plan has is no choice.
      const planName =
        errors.plan || !fields.plan
          ? null
          : await app.pricingRepository.planNames(fields.service, fields.plan);
      if (!errors.plan && fields.plan && !planName) errors.plan = ['plan_invalid'];
      const ordered = Object.fromEntries(
        CONTACT_FIELD_ORDER.filter((f) => errors[f]).map((f) => [f, errors[f] ?? []]),
      );
      const first = Object.values(ordered)[0]?.[0];
      if (first) return reply.code(422).send({ success: false, message: first, errors: ordered });

      const phone = normalizePhone({ ...fields, region });
      if (!phone.ok) throw new Error('validateContact passed a phone number normalizePhone refuses');
      const stored = await store({
        ...fields,
        planName: planName ?? {},
        // Stored as E.164 with its country, whatever way it was written; the calling code as the number's own.
        phone: phone.e164,
        phoneRegion: phone.region,
        countryCode: callingCodeOf(phone.region),
        serviceName: serviceName ?? {},
        mailStatus: app.hasMail ? 'pending' : 'disabled',
        mailNextAttemptAt: app.hasMail ? sql`now()` : null,
        idempotencyKey,
      });
      if (!stored) return replayed(reply);
      app.outbox.kick();
      return SENT;
    },
  );
};
