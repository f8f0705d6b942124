import type { Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { serviceRead, servicesRead } from '../../lib/public-reads';
import { getServiceSchema, listServicesSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

export const servicesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: LanguageQuery }>('/', { schema: listServicesSchema }, async (request, reply) => {
    return app.readCache.send(request, reply, servicesRead(app, request.query.language));
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
