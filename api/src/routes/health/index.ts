import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseUnavailable, unavailableCause } from '../../errors';

const healthSchema = {
  summary: 'Whether this process can reach its database (no API key needed)',
  tags: ['health'],
  response: {
    200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
    503: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['unavailable'] } },
    },
  },
} as const;

/**
 * Registered outside the API-key scope on purpose: load balancers, container orchestrators and uptime monitors
 * probe it without knowing the key, and it tells nothing beyond whether this process can reach its database.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: healthSchema }, async (request, reply) => {
    try {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const };
    } catch (err) {
      // An outage is logged once, with a count (db/outage-log.ts): monitors probe this every few seconds.
      if (isDatabaseUnavailable(err)) app.databaseOutage.unavailable(unavailableCause(err));
      else request.log.error({ err }, 'health check: the database query failed');
      return reply.code(503).send({ status: 'unavailable' as const });
    }
  });
};
