import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from '../plugins/api-key';
import { errorSchema } from '../schemas';
import { servicesRoutes } from './services/index';

export interface ApiRoutesOptions {
  apiKey: string;
}

const notFoundSchema = { response: { 401: errorSchema, 404: errorSchema } } as const;

/** Everything under `/api` that needs the API key. */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, { apiKey }) => {
  app.addHook('onRequest', requireApiKey(apiKey));

  await app.register(servicesRoutes, { prefix: '/services' });

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
