import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorHandler } from './errors';
import { dbPlugin } from './plugins/db';
import { postsRepositoryPlugin } from './plugins/posts-repository';
import { servicesRepositoryPlugin } from './plugins/services-repository';
import { webPlugin } from './plugins/web';
import { apiRoutes } from './routes/api';
import { healthRoutes } from './routes/health/index';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Defaults to the configured log level; tests pass false. */
  logger?: boolean;
}

/**
 * The whole HTTP server, not yet listening: external plugins, then app plugins, then routes (fastify/demo's
 * order). Callers may add routes before `ready()`; tests add one that throws.
 */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    // Every upload and post body has its own limit later; nothing read today is larger than this.
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (a URL that cannot be decoded) get the same body shape as all others.
    frameworkErrors: (_error, _request, reply) => {
      // Generic in fastify's types over route shapes that do not exist yet here.
      (reply as FastifyReply).code(400).send({ message: 'Bad Request' });
    },
  });

  app.setErrorHandler(errorHandler);
  // Reached by non-GET requests outside /api and by file routes whose file vanished mid-request.
  app.setNotFoundHandler(async (_request, reply) => {
    reply.removeHeader('cache-control');
    return reply.code(404).send({ message: 'Not found' });
  });

  // Brotli at the plugin's default quality 4: near gzip speed, smaller output. Only compressible types.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  await app.register(dbPlugin, { db });
  await app.register(servicesRepositoryPlugin);
  await app.register(postsRepositoryPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(apiRoutes, { prefix: '/api', apiKey: config.apiKey });
  await app.register(webPlugin, {
    webRoot: config.webRoot,
    dataDir: config.dataDir,
    apiKey: config.apiKey,
    site: config.site,
  });

  return app;
}
