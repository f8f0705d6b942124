import { lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';

/** How often the purge runs: daily is enough for a limit counted in days. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Erases the contact messages (and their outbox state, which lives on the same row) received more than `days`
 * days ago. Returns how many went. Safe to run from several processes at once.
 */
export async function purgeContactMessages(db: Database, days: number): Promise<number> {
  const gone = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: contactMessages.id });
  return gone.length;
}

export interface ContactRetentionOptions {
  days: number;
  /** Whether the purge runs at start and then daily; tests turn it off and call purgeContactMessages. */
  timer?: boolean;
}

/**
 * Keeps contact messages no longer than CONTACT_RETENTION_DAYS: the purge runs once when the server is ready,
 * then daily on a timer that never keeps the process alive, stopped when the server closes.
 */
export const contactRetentionPlugin = fp<ContactRetentionOptions>(
  async (app, { days, timer = true }) => {
    if (!timer) return;
    let running: Promise<void> | null = null;
    const purge = () => {
      running ??= purgeContactMessages(app.db, days)
        .then((erased) => {
          if (erased > 0) app.log.info({ erased, days }, 'erased contact messages past their retention');
        })
        .catch((err) => app.log.warn({ err }, 'contact retention purge failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    const interval = setInterval(purge, RETENTION_INTERVAL_MS);
    interval.unref();
    // Not awaited: a large purge must not hold up the start.
    app.addHook('onReady', async () => {
      void purge();
    });
    app.addHook('onClose', async () => {
      clearInterval(interval);
      await running;
    });
  },
  { name: 'contact-retention', dependencies: ['db'] },
);
