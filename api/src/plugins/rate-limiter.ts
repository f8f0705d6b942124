import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** Hits allowed in one window. */
  max: number;
  windowMs: number;
}

export interface RateState {
  hits: number;
  /** Whether the hits are over `max`. */
  limited: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Fixed-window counters in the database, so that every API process counts against the same numbers and a
 * restart forgets nothing. Keys are hashed before they are stored: they hold addresses and e-mails.
 */
export interface RateLimiter {
  /** Counts one hit and answers the state after it, atomically. */
  hit(key: string, limit: Limit): Promise<RateState>;
  /** Takes back one hit of the current window (a hit counted up front for what turned out allowed). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Drops windows that ended (housekeeping). */
  purge(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

function storedKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

function state(hits: number, resetAt: Date, now: Date, limit: Limit): RateState {
  return {
    hits,
    limited: hits > limit.max,
    retryAfter: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
  };
}

export function createRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, limit) {
      const seconds = limit.windowMs / 1000;
      // One statement: a window that ended starts again at 1, otherwise the count goes up by one.
      const [row] = await db
        .insert(rateLimits)
        .values({ key: storedKey(key), hits: 1, resetAt: sql`now() + make_interval(secs => ${seconds})` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt, now: sql<string>`now()` });
      if (!row) throw new Error('rate limit upsert returned no row');
      return state(row.hits, row.resetAt, new Date(row.now), limit);
    },

    async release(key) {
      await db
        .update(rateLimits)
        .set({ hits: sql`GREATEST(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, storedKey(key)), sql`${rateLimits.resetAt} > now()`));
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(key)));
    },

    async purge() {
      await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
    },
  };
}

export const rateLimiterPlugin = fp(
  async (app) => {
    app.decorate('rateLimiter', createRateLimiter(app.db));
  },
  { name: 'rate-limiter', dependencies: ['db'] },
);
