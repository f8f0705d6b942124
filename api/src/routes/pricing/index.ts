import { CURRENCIES, PRICE_TYPES, PRICING_KIND } from '@agency/core/content';
import type { Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { registerCategoryRoutes } from '../../lib/content-categories';
import { keyScope, registerListRoutes } from '../../lib/content-routes';
import { pricingRead } from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { PRICING_PLAN_NOT_FOUND, pricingEditorSchemas, publicPricingSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

/**
 * Pricing, a list kind on the shared content parts (lib/content*.ts, core's PRICING_KIND): the public read
 * (cached, hidden plans left out) here, and the editor's reads and writes (`/plans`, `/order`) from the
 * generic list routes, with what is pricing's own: its categories (a choice of the plans, the scope of a
 * reorder, listed with the plans) its fixed choices (price types, currencies) and its editable categories (`/categories`, lib/content-categories.ts). Each write
 * invalidates the `pricing` tag here before it answers, and the tables' triggers announce it to other
 * processes (migration 0012), which drops the cached answers and the pages made from them (home, /pricing,
 * /contact).
 */
export const pricingRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());

  app.get<{ Querystring: LanguageQuery }>('/', { schema: publicPricingSchema }, async (request, reply) =>
    app.readCache.send(request, reply, pricingRead(app, request.query.language)),
  );

  registerListRoutes(app, {
    kind: PRICING_KIND,
    repository: app.pricingRepository,
    itemsPath: '/plans',
    noun: 'pricing_plan',
    notFound: PRICING_PLAN_NOT_FOUND,
    schemas: pricingEditorSchemas,
    sanitizer,
    choices: async () => ({
      category: (await app.pricingRepository.categories('en')).map((c) => c.key),
      type: PRICE_TYPES,
      currency: CURRENCIES,
    }),
    scope: keyScope('category'),
    listData: async (language, items) => ({
      categories: (await app.pricingRepository.categories(language)).map(({ key, name }) => ({ key, name })),
      items,
    }),
  });

  registerCategoryRoutes(app, {
    kind: PRICING_KIND,
    repository: app.pricingRepository.categoryRepository,
    sanitizer,
  });
};
