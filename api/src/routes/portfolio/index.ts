import { PORTFOLIO_CATEGORIES, PORTFOLIO_KIND } from '@agency/core/content';
import { slugProblem } from '@agency/core/rules';
import type { FastifyPluginAsync } from 'fastify';
import { registerListRoutes } from '../../lib/content-routes';
import { PROJECT_NOT_FOUND, portfolioRead, projectRead } from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import {
  PROJECT_ITEM_NOT_FOUND,
  portfolioEditorSchemas,
  publicPortfolioSchema,
  publicProjectSchema,
} from './schemas';

interface ListQuery {
  language: 'en' | 'ar';
  category?: string;
  page: number;
}

/**
 * The portfolio: the public reads (cached, tagged `portfolio`, hidden projects left out), which the pages
 * /portfolio and /portfolio/{slug} are rendered from, and the editor's reads and writes from the generic list
 * routes (one list per language: a reorder has no scope). Writes invalidate the tag here, and the table's
 * trigger announces it to other processes (migration 0015).
 */
export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());

  registerListRoutes(app, {
    kind: PORTFOLIO_KIND,
    repository: app.portfolioRepository,
    itemsPath: '/items',
    noun: 'portfolio_project',
    notFound: PROJECT_ITEM_NOT_FOUND,
    schemas: portfolioEditorSchemas,
    sanitizer,
    choices: async () => ({ category: PORTFOLIO_CATEGORIES }),
    scope: () => ({ ok: true, scope: null }),
  });

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
