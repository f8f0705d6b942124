import { LANGUAGES, type Language } from '@agency/core/language';
import {
  SETTINGS_KIND,
  type SettingsInput,
  SHARED_SETTINGS_FIELDS,
  TRANSLATED_SETTINGS_FIELDS,
  validateSettings,
} from '@agency/core/settings';
import type { FastifyPluginAsync } from 'fastify';
import { contentTag, sendConflict, sendInvalid, versionOf } from '../../lib/content';
import { settingsRead } from '../../lib/public-reads';
import { UNAUTHENTICATED } from '../../plugins/access';
import { editSettingsSchema, publicSettingsSchema, updateSettingsSchema } from './schemas';

type Body = Record<string, unknown>;

/** An editor's body as settings: every text trimmed (what is checked is what is stored). */
function settingsOf(body: Body): SettingsInput {
  const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const translations = (body.translations ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const shared = Object.fromEntries(SHARED_SETTINGS_FIELDS.map((name) => [name, textOf(body[name])]));
  return {
    ...(shared as Omit<SettingsInput, 'translations'>),
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        Object.fromEntries(
          TRANSLATED_SETTINGS_FIELDS.map((name) => [name, textOf(translations[language]?.[name])]),
        ),
      ]),
    ) as SettingsInput['translations'],
  };
}

/**
 * The site's settings, one object (core's SETTINGS_KIND): the public read (cached, tag `settings`, never the
 * notification address), the editor's read with `version`, and the change. A save drops the `settings` tag
 * here before it answers, and the tables' triggers announce it to other processes (migration 0013): every
 * page shows the settings (top bar, footer), so every kept page goes with it.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const tags = [contentTag(SETTINGS_KIND)];
  const editorOnly = () => ({ private: true });

  app.get<{ Querystring: { language: Language } }>(
    '/',
    { schema: publicSettingsSchema },
    async (request, reply) => app.readCache.send(request, reply, settingsRead(app, request.query.language)),
  );

  app.get('/edit', { schema: editSettingsSchema, config: editorOnly() }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
    return { data: await app.settingsRepository.read() };
  });

  app.put<{ Body: Body }>('/', { schema: updateSettingsSchema }, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const version = versionOf(body);
    if (!version) return sendInvalid(reply, { version: ['version_required'] });
    const errors = validateSettings(body);
    if (Object.keys(errors).length > 0) return sendInvalid(reply, errors);
    const result = await app.settingsRepository.save(settingsOf(body), version);
    if ('conflict' in result) return sendConflict(reply, SETTINGS_KIND, result.conflict);
    app.readCache.invalidate(tags);
    return { message: 'settings_updated', data: result.saved };
  });
};
