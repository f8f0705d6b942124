import { LANGUAGE_COOKIE } from '@agency/core/language';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { contactMessages } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { pageLanguage } from '../../lib/page-language';
import { paginate } from '../../lib/pagination';
import { UNAUTHENTICATED } from '../../plugins/access';
import type { ContactMessageRow } from '../../plugins/outbox';
import { containsPattern } from '../../plugins/posts-repository';
import { toCsv } from './csv';
import {
  CONTACT_MESSAGE_NOT_FOUND,
  type ContactExportQuery,
  type ContactFilters,
  type ContactListQuery,
  type ContactStatus,
  deleteContactMessageSchema,
  exportContactMessagesSchema,
  getContactMessageSchema,
  listContactMessagesSchema,
  MAIL_STATE,
  retryMailSchema,
  updateContactMessageSchema,
} from './schemas';

/** A message as the inbox's answers give it. */
export function toContactMessageJson(row: ContactMessageRow) {
  return {
    id: row.id,
    name: row.name,
    country_code: row.countryCode,
    phone: row.phone,
    phone_region: row.phoneRegion,
    email: row.email,
    business: row.business,
    service: row.service,
    service_name: row.serviceName,
    plan: row.plan,
    plan_name: row.planName,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    mail: {
      status: MAIL_STATE[row.mailStatus],
      attempts: row.mailAttempts,
      last_error: row.mailLastError,
      next_attempt_at: row.mailStatus === 'pending' ? (row.mailNextAttemptAt?.toISOString() ?? null) : null,
      sent_at: row.mailSentAt?.toISOString() ?? null,
    },
  };
}

/** A path segment as a message id: digits only, within the column's range; anything else names no message. */
function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Arabic-Indic and Persian digits as ASCII ones (an editor may type a number in either script). */
const toAsciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));

/**
 * The digits a search for a phone number looks for in the stored E.164 numbers (`+447911123456`), or null
 * when the search is not written as a number. A number is written in many ways: `+44 7911 123456`,
 * `0044 7911-123456`, its national form `07911 123456` (the trunk 0 is not part of the E.164 number), or in
 * Arabic-Indic digits. Separators, `+` and leading zeros are dropped; at least 4 digits are needed.
 */
export function phoneDigits(text: string): string | null {
  const ascii = toAsciiDigits(text.trim());
  if (!/^\+?[\d\s().\-\u00a0]+$/.test(ascii)) return null;
  const digits = ascii.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 4 ? digits : null;
}

function whereOf({ status, service, q }: ContactFilters): SQL | undefined {
  const text = q?.trim();
  const pattern = text ? containsPattern(text) : null;
  const phone = text ? phoneDigits(text) : null;
  return and(
    status ? eq(contactMessages.status, status) : undefined,
    service ? eq(contactMessages.service, service) : undefined,
    pattern
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.phone, pattern),
          phone ? ilike(contactMessages.phone, `%${phone}%`) : undefined,
          ilike(contactMessages.business, pattern),
          ilike(contactMessages.message, pattern),
        )
      : undefined,
  );
}

function pageUrl(query: ContactListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.service) params.set('service', query.service);
  if (query.q?.trim()) params.set('q', query.q.trim());
  params.set('per_page', String(query.per_page));
  params.set('page', String(page));
  return `/api/contact-messages?${params}`;
}

/** Rows read at a time for the export. */
const EXPORT_BATCH = 500;

/**
 * The editors' inbox of contact messages. Every route needs an editor session (401 before anything else,
 * bad queries included); writes also need the CSRF token (plugins/access.ts). Answers are private, no-store.
 */
export const contactMessagesRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
  });
  // One object per route: the access guard writes each route's own rule into it.
  const config = () => ({ private: true });

  async function find(rawId: string): Promise<ContactMessageRow | null> {
    const id = parseId(rawId);
    if (id === null) return null;
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row ?? null;
  }

  app.get<{ Querystring: ContactListQuery }>(
    '/contact-messages',
    { schema: listContactMessagesSchema, config: config() },
    async (request) => {
      const query = request.query;
      const where = whereOf(query);
      const [items, totals, fresh] = await Promise.all([
        app.db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        app.db.select({ n: count() }).from(contactMessages).where(where),
        app.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
      ]);
      return {
        data: paginate({
          items: items.map(toContactMessageJson),
          total: totals[0]?.n ?? 0,
          page: query.page,
          perPage: query.per_page,
          urlFor: (n) => pageUrl(query, n),
        }),
        new_count: fresh[0]?.n ?? 0,
      };
    },
  );

  app.get<{ Querystring: ContactExportQuery }>(
    '/contact-messages/export.csv',
    { schema: exportContactMessagesSchema, config: config() },
    async (request, reply) => {
      const where = whereOf(request.query);
      const rows: ContactMessageRow[] = [];
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await app.db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(EXPORT_BATCH)
          .offset(offset);
        rows.push(...batch);
        if (batch.length < EXPORT_BATCH) break;
      }
      await recordAudit(app.db, request, { action: 'messages_exported', details: { count: rows.length } });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contact-messages-${day}.csv"`)
        .send(
          toCsv(
            rows,
            request.query.language ??
              pageLanguage({
                cookie: request.cookies?.[LANGUAGE_COOKIE],
                acceptLanguage: request.headers['accept-language'],
              }),
          ),
        );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/contact-messages/:id',
    { schema: getContactMessageSchema, config: config() },
    async (request, reply) => {
      const row = await find(request.params.id);
      if (!row) return reply.code(404).send({ message: CONTACT_MESSAGE_NOT_FOUND });
      return toContactMessageJson(row);
    },
  );

  app.patch<{ Params: { id: string }; Body: { status: ContactStatus } }>(
    '/contact-messages/:id',
    { schema: updateContactMessageSchema, config: config() },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const [row] =
        id === null
          ? []
          : await app.db
              .update(contactMessages)
              .set({ status: request.body.status })
              .where(eq(contactMessages.id, id))
              .returning();
      if (!row) return reply.code(404).send({ message: CONTACT_MESSAGE_NOT_FOUND });
      request.log.info(
        { userId: request.editor?.id, messageId: id, status: row.status },
        'contact message status',
      );
      return { message: 'contact_message_updated', data: toContactMessageJson(row) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/contact-messages/:id/retry-mail',
    { schema: retryMailSchema, config: config() },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const current = id === null ? null : await find(request.params.id);
      if (id === null || !current) return reply.code(404).send({ message: CONTACT_MESSAGE_NOT_FOUND });
      if (!app.hasMail) return reply.code(409).send({ message: 'mail_off' });
      // Only a failed notification, checked in the update itself: two editors clicking at once queue it once.
      const [row] = await app.db
        .update(contactMessages)
        .set({ mailStatus: 'pending', mailNextAttemptAt: sql`now()` })
        .where(and(eq(contactMessages.id, id), eq(contactMessages.mailStatus, 'failed')))
        .returning();
      if (!row) return reply.code(409).send({ message: 'mail_not_failed' });
      request.log.info({ userId: request.editor?.id, messageId: id }, 'contact e-mail retry asked for');
      app.outbox.kick();
      return reply.code(202).send({ message: 'mail_retry_queued', data: toContactMessageJson(row) });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/contact-messages/:id',
    { schema: deleteContactMessageSchema, config: config() },
    async (request, reply) => {
      const id = parseId(request.params.id);
      // The outbox state lives on the message's own row: erasing the row erases both.
      // The trail names the message by its number only: what the sender wrote goes with it.
      const row =
        id === null
          ? undefined
          : await app.db.transaction(async (tx) => {
              const [gone] = await tx
                .delete(contactMessages)
                .where(eq(contactMessages.id, id))
                .returning({ id: contactMessages.id });
              if (gone) {
                await recordAudit(tx, request, {
                  action: 'message_erased',
                  target: { type: 'contact_message', id: gone.id },
                });
              }
              return gone;
            });
      if (!row) return reply.code(404).send({ message: CONTACT_MESSAGE_NOT_FOUND });
      request.log.info({ userId: request.editor?.id, messageId: id }, 'contact message erased');
      return { message: 'contact_message_deleted' };
    },
  );
};
