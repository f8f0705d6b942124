import { lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { auditLog, contactMessages } from '../db/schema';

/** How often the purges run: daily is enough for limits counted in days. */
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

/** Deletes the audit trail's entries older than `days` days. Returns how many went. */
export async function purgeAuditLog(db: Database, days: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: auditLog.id });
  return gone.length;
}

/** One kind of record kept for a limited time. */
export interface Retention {
  /** What the log calls the records erased (`contact messages`). */
  what: string;
  days: number;
  purge: (db: Database, days: number) => Promise<number>;
}

export interface RetentionOptions {
  retentions: Retention[];
  /** Whether the purges run at start and then daily; tests turn it off and call the purge functions. */
  timer?: boolean;
}

/**
 * Keeps each kind of record no longer than its limit (CONTACT_RETENTION_DAYS, AUDIT_RETENTION_DAYS): the
 * purges run once when the server is ready, then daily on a timer that never keeps the process alive, stopped
 * when the server closes. One purge of a kind runs at a time.
 */
export const retentionPlugin = fp<RetentionOptions>(
  async (app, { retentions, timer = true }) => {
    if (!timer) return;
    const running = new Map<Retention, Promise<void>>();
    const purge = (retention: Retention) => {
      const { what, days } = retention;
      const current =
        running.get(retention) ??
        retention
          .purge(app.db, days)
          .then((erased) => {
            if (erased > 0) app.log.info({ erased, days }, `erased ${what} past their retention`);
          })
          .catch((err) => app.log.warn({ err }, `${what} retention purge failed`))
          .finally(() => {
            running.delete(retention);
          });
      running.set(retention, current);
      return current;
    };
    const purgeAll = () => Promise.all(retentions.map(purge));
    const interval = setInterval(purgeAll, RETENTION_INTERVAL_MS);
    interval.unref();
    // Not awaited: a large purge must not hold up the start.
    app.addHook('onReady', async () => {
      void purgeAll();
    });
    app.addHook('onClose', async () => {
      clearInterval(interval);
      await Promise.all(running.values());
    });
  },
  { name: 'retention', dependencies: ['db'] },
);
