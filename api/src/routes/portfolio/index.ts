import { slugProblem } from '@agency/core/rules';
import type { FastifyPluginAsync } from 'fastify';
import { PROJECT_NOT_FOUND, portfolioRead, projectRead } from '../../lib/public-reads';
import { publicPortfolioSchema, publicProjectSchema } from './schemas';

interface ListQuery {
  language: 'en' | 'ar';
  category?: string;
  page: number;
}

/**
 * The portfolio: the public reads (cached, tagged `portfolio`, hidden projects left out), which the pages
 * /portfolio and /portfolio/{slug} are rendered from. Writes invalidate the tag, and the table's trigger
 * announces it to other processes (migration 0015).
 */
export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>('/', { schema: publicPortfolioSchema }, async (request, reply) => {
    const { language, category, page } = request.query;
    return app.readCache.send(request, reply, portfolioRead(app, language, category ?? null, page));
  });

  app.get<{ Params: { slug: string } }>('/:slug', { schema: publicProjectSchema }, async (request, reply) => {
    const { slug } = request.params;
    // A string no project could have as its slug is not looked up.
    if (slugProblem(slug)) return reply.code(404).send({ message: PROJECT_NOT_FOUND });
    return app.readCache.send(request, reply, projectRead(app, slug));
  });
};
