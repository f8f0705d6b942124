import { nameIn } from '@agency/core/language';
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
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
  /** Lets go of open connections (when the server closes). */
  close?(): void;
}

export interface Outbox {
  /**
   * Sends what is due now; resolves once nothing is left due (a call during a round makes another round
   * follow, and resolves after it). Safe to call from several processes at once.
   */
  run(): Promise<void>;
  /** Asks for a round soon, without waiting for it (after a new message was stored). */
  kick(): void;
  /** Sends by this process since it started: mailed, and tries that failed (each retry counts). */
  readonly sends: { sent: number; failed: number };
  /** The messages of every process waiting to be mailed (first tries and retries), and those given up on. */
  backlog(): Promise<{ pending: number; failed: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    /** Whether contact messages are mailed (SMTP configured). */
    hasMail: boolean;
    /** E-mails to people with accounts (invitations, password resets); see AccountMail. */
    accountMail: AccountMail;
  }
}

/** An e-mail to one person about their account: its body holds a single-use link, so it is never logged. */
export interface AccountMessage {
  to: string;
  subject: string;
  text: string;
}

export interface AccountMail {
  /** Whether it can send (SMTP configured); without it, the screens show the link to pass on by hand. */
  readonly enabled: boolean;
  /**
   * Sends in the background, never delaying the answer (a reset must take the same time whether the address
   * has an account or not); a refused send is tried again after 1, 5 and 30 seconds, then logged as failed
   * (the recipient only, never the body). Resolves once sent or given up, for tests; callers do not wait.
   */
  send(message: AccountMessage): Promise<boolean>;
}

/** Waits before each further try of an account e-mail. */
export const ACCOUNT_MAIL_RETRY_MS = [1000, 5000, 30000];

/** Tries, then waits this long before each retry; after the last one the message is marked failed. */
export const RETRY_DELAYS_S = [60, 5 * 60, 15 * 60, 60 * 60, 3 * 60 * 60, 6 * 60 * 60, 12 * 60 * 60];
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** While one process sends a message nobody else takes it; a process that dies frees it after this. */
const LEASE_S = 5 * 60;
/**
 * SMTP connections kept open and used at once, and messages sent over one before it is renewed (nodemailer's
 * defaults, stated here because the outbox sends that many at a time): a handshake per message would cost
 * more than the message.
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100 };
/**
 * Messages claimed at a time: a few per connection, so a batch keeps the pool busy while it stays short
 * enough that other processes share a burst and a claimed message waits seconds at most.
 */
const BATCH = SMTP_POOL.maxConnections * 4;
/** New messages start a round at once; the timer is for retries coming due and messages of a process that died. */
const INTERVAL_MS = 60 * 1000;

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({ url, pool: true, ...SMTP_POOL });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}

/** Runs `work` on every item, at most `limit` at a time; resolves when all are done (each handles its errors). */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
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
      `Phone: ${row.phone}${row.phoneRegion ? ` (${row.phoneRegion})` : ''}`,
      `Business: ${row.business || '-'}`,
      `Service: ${row.service}`,
      // The mail is in English: the plan's English name, else its Arabic one, with its key.
      `Plan: ${row.plan ? `${nameIn(row.planName, 'en') || row.plan} (${row.plan})` : '-'}`,
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
 * Storing a message starts a round, which claims batches and sends each over pooled SMTP connections at once
 * until nothing is due, so a burst is mailed within seconds. Rows are claimed with FOR UPDATE SKIP LOCKED and
 * a lease, so several API processes never send one twice at the same time.
 */
export const outboxPlugin = fp<OutboxOptions>(
  async (app, { mail, mailer, timer = true }) => {
    const db = app.db;
    let running: Promise<void> | null = null;
    /** A round was asked for while one ran: what it was asked for may have come after that round's last claim. */
    let again = false;
    let closed = false;
    const sends = { sent: 0, failed: 0 };

    /** Claims a batch of due messages: locked rows are skipped, and the lease keeps them from other rounds. */
    function claim(): Promise<ContactMessageRow[]> {
      return db.transaction(async (tx) => {
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
    }

    /** Sends one claimed message, then marks it sent, or due again after its back-off, or failed. */
    async function deliver(row: ContactMessageRow, addresses: { from: string; to: string }, sender: Mailer) {
      try {
        await sender.send(notificationFor(row, addresses));
        sends.sent++;
        await db
          .update(contactMessages)
          .set({ mailStatus: 'sent', mailSentAt: sql`now()`, mailNextAttemptAt: null, mailLastError: null })
          .where(eq(contactMessages.id, row.id));
      } catch (err) {
        sends.failed++;
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

    /** Sends batch after batch, each over the pool's connections at once, until nothing is due. */
    async function round(): Promise<void> {
      if (!mail || !mailer) return;
      for (;;) {
        const due = await claim();
        if (due.length === 0) return;
        // The notification address an editor set in the site settings wins over the server's CONTACT_EMAIL.
        const to = (await app.settingsRepository?.notifyEmail().catch(() => null)) ?? mail.to;
        const addresses = { ...mail, to };
        await eachAtMost(due, SMTP_POOL.maxConnections, (row) => deliver(row, addresses, mailer));
        // A closing server finishes the batch it claimed; the rest stays due for the next start.
        if (closed) return;
      }
    }

    async function rounds(): Promise<void> {
      do {
        again = false;
        try {
          await round();
        } catch (err) {
          app.log.error({ err }, 'contact outbox round failed');
        }
      } while (again && !closed);
    }

    const outbox: Outbox = {
      run() {
        // A closing server finishes the send in progress (onClose below waits for it) and starts none.
        if (closed) return running ?? Promise.resolve();
        if (running) {
          again = true;
          return running;
        }
        running = rounds().finally(() => {
          running = null;
        });
        return running;
      },
      kick() {
        if (!closed) void outbox.run();
      },
      sends,
      async backlog() {
        const rows = await db
          .select({ status: contactMessages.mailStatus, n: count() })
          .from(contactMessages)
          .where(inArray(contactMessages.mailStatus, ['pending', 'failed']))
          .groupBy(contactMessages.mailStatus);
        const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
        return { pending: of('pending'), failed: of('failed') };
      },
    };
    app.decorate('outbox', outbox);
    app.decorate('hasMail', mail !== null && mailer !== null);
    const inFlight = new Set<Promise<boolean>>();
    /** A closing server stops waiting to retry: what is being sent finishes, no new try starts. */
    const closing = new AbortController();
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        closing.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    app.decorate('accountMail', {
      enabled: mail !== null && mailer !== null,
      send(message: AccountMessage): Promise<boolean> {
        if (!mail || !mailer) return Promise.resolve(false);
        const attempt = async (): Promise<boolean> => {
          for (let i = 0; ; i++) {
            try {
              await mailer.send({ from: mail.from, replyTo: mail.from, ...message });
              return true;
            } catch (err) {
              const wait = ACCOUNT_MAIL_RETRY_MS[i];
              if (wait === undefined || closing.signal.aborted) {
                app.log.error({ to: message.to, error: (err as Error).message }, 'account e-mail not sent');
                return false;
              }
              await pause(wait);
              if (closing.signal.aborted) {
                app.log.error({ to: message.to }, 'account e-mail not sent: the server closed');
                return false;
              }
            }
          }
        };
        const sending = attempt();
        inFlight.add(sending);
        void sending.finally(() => inFlight.delete(sending));
        return sending;
      },
    } satisfies AccountMail);

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
      closing.abort();
      await running;
      await Promise.all(inFlight);
      mailer?.close?.();
    });
  },
  { name: 'outbox', dependencies: ['db'] },
);
