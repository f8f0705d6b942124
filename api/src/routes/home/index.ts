import { HOME_KIND, type HomeTexts } from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import type { FastifyPluginAsync } from 'fastify';
import { contentTag, parseContent, sendConflict, sendInvalid, versionOf } from '../../lib/content';
import { HOME_NOT_FOUND, homeRead } from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { UNAUTHENTICATED } from '../../plugins/access';
import { editHomeSchema, publicHomeSchema, updateHomeSchema } from './schemas';

interface LanguageQuery {
  language: Language;
}

/**
 * The home page's texts, one object per language (core's HOME_KIND): the public read (cached with the visible
 * client logos, tagged `home` and `client-logos`), the editor's read with its version, and the versioned
 * change (409 with the current texts, 422 by field). A change invalidates `home` here before it answers, and
 * the table's trigger announces it to other processes (migration 0016), which drops the cached answers and
 * the home page made from them. The logos are a list kind of their own (routes/client-logos).
 */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  // The kind has no rich text: the sanitizer is never asked, but parseContent takes one.
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());
  const tags = [contentTag(HOME_KIND)];

  app.get<{ Querystring: LanguageQuery }>('/', { schema: publicHomeSchema }, async (request, reply) =>
    app.readCache.send(request, reply, homeRead(app, request.query.language)),
  );

  app.get<{ Querystring: LanguageQuery }>(
    '/edit',
    { schema: editHomeSchema, config: { private: true } },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const texts = await app.homeRepository.texts(request.query.language);
      if (!texts) return reply.code(404).send({ message: HOME_NOT_FOUND });
      return { data: texts };
    },
  );

  app.put<{ Body: Record<string, unknown> }>('/', { schema: updateHomeSchema }, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const language = body.language;
    if (!isLanguage(language as string)) return sendInvalid(reply, { language: ['language_invalid'] });
    const current = await app.homeRepository.texts(language as Language);
    if (!current) return reply.code(404).send({ message: HOME_NOT_FOUND });
    const version = versionOf(body);
    if (!version) return sendInvalid(reply, { version: ['version_required'] });
    if (version.getTime() !== Date.parse(current.version)) return sendConflict(reply, HOME_KIND, current);
    const parsed = await parseContent<HomeTexts>(HOME_KIND, body, { sanitizer });
    if (!parsed.ok) return sendInvalid(reply, parsed.errors);
    const result = await app.homeRepository.updateTexts(language as Language, parsed.values, version);
    if (!result) return reply.code(404).send({ message: HOME_NOT_FOUND });
    if ('conflict' in result) return sendConflict(reply, HOME_KIND, result.conflict);
    app.readCache.invalidate(tags);
    return { message: 'home_updated', data: result.saved };
  });
};
