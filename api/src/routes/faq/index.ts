import { FAQ_KIND } from '@agency/core/content';
import type { Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { registerCategoryRoutes } from '../../lib/content-categories';
import { keyScope, registerListRoutes } from '../../lib/content-routes';
import { faqRead } from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { FAQ_ITEM_NOT_FOUND, faqEditorSchemas, publicFaqSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

/**
 * The FAQ, the first kind on the shared content parts (lib/content*.ts, core's FAQ_KIND): the public read
 * (cached, hidden items left out) here, and the editor's reads and writes from the generic list routes, with
 * what is the FAQ's own: its categories (a choice of the items, the scope of a reorder, listed with the
 * items, edited at `/categories` by lib/content-categories.ts). Each write invalidates the `faq` tag here before it answers, and the tables' triggers announce it
 * to other processes (migration 0011), which drops the cached answers and the pages made from them
 * (/services).
 */
export const faqRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());

  app.get<{ Querystring: LanguageQuery }>('/', { schema: publicFaqSchema }, async (request, reply) =>
    app.readCache.send(request, reply, faqRead(app, request.query.language)),
  );

  registerListRoutes(app, {
    kind: FAQ_KIND,
    repository: app.faqRepository,
    itemsPath: '/items',
    noun: 'faq_item',
    notFound: FAQ_ITEM_NOT_FOUND,
    schemas: faqEditorSchemas,
    sanitizer,
    choices: async () => ({
      category: (await app.faqRepository.categories('en')).map((c) => c.key),
    }),
    scope: keyScope('category'),
    listData: async (language, items) => ({
      categories: (await app.faqRepository.categories(language)).map(({ key, name }) => ({ key, name })),
      items,
    }),
  });

  registerCategoryRoutes(app, {
    kind: FAQ_KIND,
    repository: app.faqRepository.categoryRepository,
    sanitizer,
  });
};
