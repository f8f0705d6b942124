import { FAQ_KIND, type FaqItemInput } from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import {
  contentTag,
  parseContent,
  parseId,
  parseOrder,
  sendConflict,
  sendInvalid,
  versionOf,
} from '../../lib/content';
import { faqRead } from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { UNAUTHENTICATED } from '../../plugins/access';
import { FaqTranslationError } from '../../plugins/faq-repository';
import {
  createFaqItemSchema,
  deleteFaqItemSchema,
  FAQ_ITEM_NOT_FOUND,
  getFaqItemSchema,
  listFaqItemsSchema,
  publicFaqSchema,
  reorderFaqSchema,
  updateFaqItemSchema,
} from './schemas';

interface LanguageQuery {
  language: Language;
}

type Body = Record<string, unknown>;

/**
 * The FAQ, the first kind on the shared content parts (lib/content.ts, core's FAQ_KIND): the public read
 * (cached, hidden items left out), the editor's reads (every item), and the writes. Each write invalidates
 * the `faq` tag here before it answers, and the tables' triggers announce it to other processes (migration
 * 0011), which drops the cached answers and the pages made from them (/services).
 */
export const faqRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());
  const tags = [contentTag(FAQ_KIND)];
  // The editor's answers differ per visitor: never kept by a cache (one object per route, see access.ts).
  const editorOnly = () => ({ private: true });

  async function choices() {
    return { category: (await app.faqRepository.categories('en')).map((c) => c.key) };
  }

  app.get<{ Querystring: LanguageQuery }>('/', { schema: publicFaqSchema }, async (request, reply) =>
    app.readCache.send(request, reply, faqRead(app, request.query.language)),
  );

  app.get<{ Querystring: LanguageQuery }>(
    '/items',
    { schema: listFaqItemsSchema, config: editorOnly() },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const { language } = request.query;
      const [categories, items] = await Promise.all([
        app.faqRepository.categories(language),
        app.faqRepository.items(language),
      ]);
      return { data: { categories: categories.map(({ key, name }) => ({ key, name })), items } };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/items/:id',
    { schema: getFaqItemSchema, config: editorOnly() },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const id = parseId(request.params.id);
      const item = id === null ? null : await app.faqRepository.find(id);
      if (!item) return reply.code(404).send({ message: FAQ_ITEM_NOT_FOUND });
      return { data: item };
    },
  );

  app.post<{ Body: Body }>('/items', { schema: createFaqItemSchema }, async (request, reply) => {
    const parsed = await parseContent<FaqItemInput>(FAQ_KIND, request.body, {
      choices: await choices(),
      sanitizer,
      withLanguage: true,
    });
    const raw = request.body?.translation_of;
    const translationOf =
      raw === undefined || raw === null ? null : typeof raw === 'number' ? parseId(String(raw)) : null;
    const badLink = raw !== undefined && raw !== null && translationOf === null;
    if (!parsed.ok || badLink)
      return sendInvalid(reply, {
        ...(parsed.ok ? {} : parsed.errors),
        ...(badLink ? { translation_of: ['translation_invalid'] } : {}),
      });
    const { language, ...values } = parsed.values;
    try {
      const item = await app.faqRepository.create(
        { ...values, language: language as Language },
        translationOf,
      );
      app.readCache.invalidate(tags);
      return reply.code(201).send({ message: 'faq_item_created', data: item });
    } catch (err) {
      if (err instanceof FaqTranslationError) return sendInvalid(reply, { translation_of: [err.key] });
      throw err;
    }
  });

  app.put<{ Params: { id: string }; Body: Body }>(
    '/items/:id',
    { schema: updateFaqItemSchema },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const current = id === null ? null : await app.faqRepository.find(id);
      if (id === null || !current) return reply.code(404).send({ message: FAQ_ITEM_NOT_FOUND });
      const version = versionOf(request.body ?? {});
      if (!version) return sendInvalid(reply, { version: ['version_required'] });
      if (version.getTime() !== Date.parse(current.version)) return sendConflict(reply, FAQ_KIND, current);
      const parsed = await parseContent<FaqItemInput>(FAQ_KIND, request.body, {
        choices: await choices(),
        sanitizer,
      });
      if (!parsed.ok) return sendInvalid(reply, parsed.errors);
      const result = await app.faqRepository.update(id, parsed.values, version);
      if (!result) return reply.code(404).send({ message: FAQ_ITEM_NOT_FOUND });
      if ('conflict' in result) return sendConflict(reply, FAQ_KIND, result.conflict);
      app.readCache.invalidate(tags);
      return { message: 'faq_item_updated', data: result.saved };
    },
  );

  app.put<{ Body: Body }>('/order', { schema: reorderFaqSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const ids = parseOrder(body);
    const language = body.language;
    const category = body.category;
    const errors = {
      ...(isLanguage(language as string) ? {} : { language: ['language_invalid' as const] }),
      ...(typeof category === 'string' && category !== '' ? {} : { category: ['required' as const] }),
      ...(ids ? {} : { ids: ['order_invalid' as const] }),
    };
    if (Object.keys(errors).length > 0 || !ids) return sendInvalid(reply, errors);
    const items = await app.faqRepository.reorder(language as Language, category as string, ids);
    // The list named other items than the category has now (another editor added or deleted one).
    if (!items) return sendInvalid(reply, { ids: ['order_invalid'] });
    app.readCache.invalidate(tags);
    return { message: 'faq_reordered', data: items };
  });

  app.delete<{ Params: { id: string } }>(
    '/items/:id',
    { schema: deleteFaqItemSchema },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const deleted = id === null ? null : await app.faqRepository.remove(id);
      if (!deleted) return reply.code(404).send({ message: FAQ_ITEM_NOT_FOUND });
      app.readCache.invalidate(tags);
      return { message: 'faq_item_deleted' };
    },
  );
};
