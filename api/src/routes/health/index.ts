import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, unavailableCause } from '../../errors';

const status = (...values: string[]) =>
  ({
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', enum: values } },
  }) as const;

const healthSchema = {
  summary: 'Whether this process can reach its database (no API key needed)',
  tags: ['health'],
  response: { 200: status('ok'), 503: status('unavailable') },
} as const;

const readySchema = {
  summary: 'Whether this process should be sent requests: its database answers and it is not stopping',
  description:
    'For load balancers and orchestrators (readiness). 503 `stopping` from the moment the process is told to ' +
    'stop (SIGTERM), while it still finishes the requests it has; 503 `unavailable` while its database does ' +
    'not answer. No API key needed.',
  tags: ['health'],
  response: { 200: status('ok'), 503: status('stopping', 'unavailable') },
} as const;

const liveSchema = {
  summary: 'Whether this process is alive (liveness): always 200 while it answers at all, no database query',
  description:
    'For orchestrators deciding to restart a process: it stays 200 while the process stops and while its ' +
    'database is down (a restart would not help then). No API key needed.',
  tags: ['health'],
  response: { 200: status('ok') },
} as const;

/**
 * Registered outside the API-key scope on purpose: load balancers, container orchestrators and uptime monitors
 * probe them without knowing the key, and they tell nothing beyond whether this process is alive, should get
 * traffic, and can reach its database. `/health` is the first of them, kept as it was for monitors using it.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  /** Whether the database answers a trivial query; an outage is logged once, with a count (db/outage-log.ts). */
  async function databaseAnswers(request: FastifyRequest): Promise<boolean> {
    try {
      await app.db.execute(sql`SELECT 1`);
      return true;
    } catch (err) {
      if (isDatabaseUnavailable(err)) app.databaseOutage.unavailable(unavailableCause(err));
      else request.log.error({ err }, 'health check: the database query failed');
      return false;
    }
  }
  // Probes must see now, never a copy kept by a proxy.
  const fresh = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/health', { schema: healthSchema }, async (request, reply) => {
    if (await databaseAnswers(request)) return { status: 'ok' as const };
    return reply.code(503).send({ status: 'unavailable' as const });
  });

  app.get('/health/ready', { schema: readySchema }, async (request, reply) => {
    fresh(reply);
    // Checked before the database and after it: a stop that came while the query ran wins.
    if (app.lifecycle.stopping) return reply.code(503).send({ status: 'stopping' as const });
    const answers = await databaseAnswers(request);
    if (app.lifecycle.stopping) return reply.code(503).send({ status: 'stopping' as const });
    if (!answers) return reply.code(503).send({ status: 'unavailable' as const });
    return { status: 'ok' as const };
  });

  app.get('/health/live', { schema: liveSchema }, async (_request, reply) => {
    fresh(reply);
    return { status: 'ok' as const };
  });
};
