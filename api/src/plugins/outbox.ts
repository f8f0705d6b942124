import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { contactMessages } from '../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export interface MailMessage {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; rejects when the server did not take it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface Outbox {
  /** Sends what is due now; resolves once this round is done. Safe to call from several processes at once. */
  run(): Promise<void>;
  /** Asks for a round soon, without waiting for it (after a new message was stored). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    /** Whether contact messages are mailed (SMTP configured). */
    hasMail: boolean;
  }
}

/** Tries, then waits this long before each retry; after the last one the message is marked failed. */
export const RETRY_DELAYS_S = [60, 5 * 60, 15 * 60, 60 * 60, 3 * 60 * 60, 6 * 60 * 60, 12 * 60 * 60];
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** While one process sends a message nobody else takes it; a process that dies frees it after this. */
const LEASE_S = 5 * 60;
const BATCH = 10;
const INTERVAL_MS = 60 * 1000;

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

export function notificationFor(row: ContactMessageRow, mail: { from: string; to: string }): MailMessage {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: row.email,
    subject: `Contact form: ${row.name}`,
    text: [
      `Name: ${row.name}`,
      `E-mail: ${row.email}`,
      `Phone: ${row.countryCode} ${row.phone}`,
      `Business: ${row.business || '-'}`,
      `Service: ${row.service}`,
      `Received: ${row.createdAt.toISOString()}`,
      '',
      row.message,
    ].join('\n'),
  };
}

export interface OutboxOptions {
  mail: { from: string; to: string } | null;
  mailer: Mailer | null;
  /** Rounds run on a timer too (retries); tests turn it off and call run(). */
  timer?: boolean;
}

/**
 * E-mail notifications of contact messages as an outbox over the contact_messages table: a message is
 * stored first, the visitor is answered, then the mail goes out. A failed send is retried with growing
 * delays and, after the last try, left marked `failed` with its error: the message itself is never lost.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several API processes never send one twice
 * at the same time.
 */
export const outboxPlugin = fp<OutboxOptions>(
  async (app, { mail, mailer, timer = true }) => {
    const db = app.db;
    let running: Promise<void> | null = null;
    let closed = false;

    async function round(): Promise<void> {
      if (!mail || !mailer) return;
      const due = await db.transaction(async (tx) => {
        const ids = tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(
            and(
              eq(contactMessages.mailStatus, 'pending'),
              lte(contactMessages.mailNextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(asc(contactMessages.id))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        return tx
          .update(contactMessages)
          .set({
            mailAttempts: sql`${contactMessages.mailAttempts} + 1`,
            mailNextAttemptAt: sql`now() + make_interval(secs => ${LEASE_S})`,
          })
          .where(inArray(contactMessages.id, ids))
          .returning();
      });
      for (const row of due) {
        try {
          await mailer.send(notificationFor(row, mail));
          await db
            .update(contactMessages)
            .set({ mailStatus: 'sent', mailSentAt: sql`now()`, mailNextAttemptAt: null, mailLastError: null })
            .where(eq(contactMessages.id, row.id));
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          const delay = RETRY_DELAYS_S[row.mailAttempts - 1];
          const failed = delay === undefined;
          app.log.error(
            { err, messageId: row.id, attempt: row.mailAttempts, failed },
            'contact e-mail not sent',
          );
          await db
            .update(contactMessages)
            .set({
              mailStatus: failed ? 'failed' : 'pending',
              mailLastError: error.slice(0, 500),
              mailNextAttemptAt: failed ? null : sql`now() + make_interval(secs => ${delay})`,
            })
            .where(eq(contactMessages.id, row.id));
        }
      }
    }

    const outbox: Outbox = {
      run() {
        running ??= round()
          .catch((err) => app.log.error({ err }, 'contact outbox round failed'))
          .finally(() => {
            running = null;
          });
        return running;
      },
      kick() {
        if (!closed) void outbox.run();
      },
    };
    app.decorate('outbox', outbox);
    app.decorate('hasMail', mail !== null && mailer !== null);

    if (timer && mail && mailer) {
      const interval = setInterval(() => outbox.kick(), INTERVAL_MS);
      interval.unref();
      app.addHook('onReady', async () => outbox.kick());
      app.addHook('onClose', async () => {
        clearInterval(interval);
      });
    }
    app.addHook('onClose', async () => {
      closed = true;
      await running;
    });
  },
  { name: 'outbox', dependencies: ['db'] },
);
