import type { Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { serviceRead } from '../../lib/public-reads';
import { cacheTags } from '../../plugins/read-cache';
import { getServiceSchema, listServicesSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

export const servicesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: LanguageQuery }>('/', { schema: listServicesSchema }, async (request, reply) => {
    const { language } = request.query;
    return app.readCache.send(request, reply, {
      key: `services:${language}`,
      tags: [cacheTags.services],
      load: async () => ({
        status: 200,
        body: { data: { data: await app.servicesRepository.list(language) } },
      }),
    });
  });

  app.get<{ Querystring: LanguageQuery; Params: { serviceType: string } }>(
    '/:serviceType',
    { schema: getServiceSchema },
    async (request, reply) => {
      const { serviceType } = request.params;
      const { language } = request.query;
      return app.readCache.send(request, reply, serviceRead(app, serviceType, language));
    },
  );
};
