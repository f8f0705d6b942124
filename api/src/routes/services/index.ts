import type { Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { getServiceSchema, listServicesSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

export const servicesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: LanguageQuery }>('/', { schema: listServicesSchema }, async (request) => {
    return { data: { data: await app.servicesRepository.list(request.query.language) } };
  });

  app.get<{ Querystring: LanguageQuery; Params: { serviceType: string } }>(
    '/:serviceType',
    { schema: getServiceSchema },
    async (request, reply) => {
      const service = await app.servicesRepository.findByKey(
        request.params.serviceType,
        request.query.language,
      );
      if (!service) return reply.code(404).send({ message: 'Service not found' });
      return { data: service };
    },
  );
};
