import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from '../plugins/api-key';
import { errorSchema } from '../schemas';
import { postsRoutes } from './posts/index';
import { servicesRoutes } from './services/index';

export interface ApiRoutesOptions {
  apiKey: string;
}

const notFoundSchema = { response: { 401: errorSchema, 404: errorSchema } } as const;

/** Everything under `/api` that needs the API key. */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, { apiKey }) => {
  app.addHook('onRequest', requireApiKey(apiKey));
  // Reads are revalidated on every use: the service worker and the HTTP cache may keep a copy for offline
  // reading, but a post edited or unpublished must not linger. A route that decided otherwise keeps its value.
  app.addHook('onSend', async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-cache');
    }
  });

  await app.register(servicesRoutes, { prefix: '/services' });
  await app.register(postsRoutes, { prefix: '/posts' });

  // Unknown API paths, behind the key like the rest, so probing for URLs without it learns nothing. A route
  // rather than a not-found handler: the web plugin's GET /* would otherwise answer them with the app page.
  for (const url of ['/', '/*']) {
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      schema: notFoundSchema,
      handler: async (_request, reply) => reply.code(404).send({ message: 'Not found' }),
    });
  }
};
