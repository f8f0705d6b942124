import {
  type ContentErrors,
  type EditableSection,
  RESERVED_SERVICE_ADDRESSES,
  SERVICE_KIND,
  serviceKeyProblem,
  validateService,
} from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  contentTag,
  parseContent,
  parseOrder,
  sendConflict,
  sendInvalid,
  versionOf,
} from '../../lib/content';
import {
  movedLocation,
  SERVICE_MOVED,
  SERVICE_NOT_FOUND,
  serviceRead,
  servicesRead,
} from '../../lib/public-reads';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { UNAUTHENTICATED } from '../../plugins/access';
import { type ServiceValues, ServiceWriteError } from '../../plugins/services-repository';
import {
  createServiceSchema,
  deleteServiceSchema,
  editorListServicesSchema,
  getServiceSchema,
  listServicesSchema,
  reorderServicesSchema,
  updateServiceSchema,
} from './schemas';

interface LanguageQuery {
  language: Language;
}

type Body = Record<string, unknown>;

/** Path segments the editor's routes use: never a service's key (nor its address: core's rule). */
const RESERVED_KEYS = new Set(RESERVED_SERVICE_ADDRESSES);

/**
 * The services: the public reads (cached, hidden services left out) and, with an editor session, the editor's
 * reads and writes of the whole service with its sections (core's SERVICE_KIND and validateService, the same
 * rules the admin form runs; the shared parts of lib/content.ts). A service is found by its page's address
 * (`slug`, which an editor may change; an old one answers 301 to it, as a renamed post's does); its key never
 * changes. Each write drops the `services` tag here before it answers: the cached reads and every page made
 * from them (/, /services, /services/{slug}, /contact, the sitemap, and the footer of every page); the
 * tables' triggers announce it to other processes (migration 0003).
 */
export const servicesRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());
  const tags = [contentTag(SERVICE_KIND)];
  const editorOnly = () => ({ private: true });
  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: SERVICE_NOT_FOUND });

  /**
   * An editor's body: the service's fields and sections by core's rules, trimmed. Without an address (`slug`
   * absent or empty), the service keeps `slug` (its key for a new one).
   */
  async function parse(
    body: unknown,
    slug: string,
  ): Promise<{ ok: true; values: ServiceValues } | { ok: false; errors: ContentErrors }> {
    const given = (body && typeof body === 'object' ? body : {}) as Body;
    const input = given.slug === undefined || given.slug === '' ? { ...given, slug } : given;
    const errors: ContentErrors = validateService(input);
    const parsed = await parseContent<Omit<ServiceValues, 'image_path' | 'sections'>>(SERVICE_KIND, input, {
      sanitizer,
    });
    if (!parsed.ok || Object.keys(errors).length > 0)
      return { ok: false, errors: { ...(parsed.ok ? {} : parsed.errors), ...errors } };
    const sections = Array.isArray(input.sections)
      ? (input.sections as EditableSection[]).map((section): EditableSection => {
          const id = section.id ?? null;
          const title = section.data.title.trim();
          const description = section.data.description.trim();
          return section.type === 'hero'
            ? { id, type: 'hero', data: { title, description } }
            : {
                id,
                type: 'content',
                data: {
                  title,
                  description,
                  items: section.data.items.map((item) => item.trim()),
                  layout: section.data.layout,
                },
              };
        })
      : undefined;
    return {
      ok: true,
      values: { ...parsed.values, image_path: input.image_path as string, ...(sections ? { sections } : {}) },
    };
  }

  function languageOf(body: Body): Language | null {
    return isLanguage(body.language as string) ? (body.language as Language) : null;
  }

  app.get<{ Querystring: LanguageQuery }>('/', { schema: listServicesSchema }, async (request, reply) => {
    return app.readCache.send(request, reply, servicesRead(app, request.query.language));
  });

  app.get<{ Querystring: LanguageQuery }>(
    '/items',
    { schema: editorListServicesSchema, config: editorOnly() },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      return { data: { items: await app.servicesRepository.editorList(request.query.language) } };
    },
  );

  app.get<{ Querystring: LanguageQuery; Params: { serviceType: string } }>(
    '/:serviceType',
    { schema: getServiceSchema },
    async (request, reply) => {
      const { serviceType: slug } = request.params;
      const { language } = request.query;
      // An address the service had before: on to its current one, with the same query (the browser follows it
      // and the page puts the current address in the bar).
      const moved = (current: string) => movedLocation('/api/services/', current, request.url);
      // An editor reads what the form changes: hidden or not, with empty texts where it has none yet.
      if (request.editor) {
        reply.header('Cache-Control', 'private, no-store');
        const service = await app.servicesRepository.editorFind(slug, language);
        if (service) return { data: service };
        const current = await app.servicesRepository.movedTo(slug, false);
        if (current === null) return notFound(reply);
        return reply
          .code(301)
          .header('location', moved(current))
          .send({ message: SERVICE_MOVED, slug: current });
      }
      return app.readCache.send(request, reply, serviceRead(app, slug, language), moved);
    },
  );

  app.post<{ Body: Body }>('/', { schema: createServiceSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const language = languageOf(body);
    const keyProblem = serviceKeyProblem(body.key);
    const key = body.key as string;
    const parsed = await parse(body, typeof key === 'string' ? key : '');
    const badKey = keyProblem ? [keyProblem] : RESERVED_KEYS.has(key) ? ['key_invalid' as const] : null;
    const { slug: slugErrors, ...fieldErrors } = parsed.ok ? {} : parsed.errors;
    const errors: ContentErrors = {
      ...(badKey ? { key: badKey } : {}),
      ...(language ? {} : { language: ['language_invalid'] }),
      ...fieldErrors,
      // An address taken from a bad key says nothing more than the key's own message.
      ...(slugErrors && !(badKey && (body.slug === undefined || body.slug === ''))
        ? { slug: slugErrors }
        : {}),
    };
    if (!parsed.ok || !language || Object.keys(errors).length > 0) return sendInvalid(reply, errors);
    try {
      const service = await app.servicesRepository.create(key, language, parsed.values);
      app.readCache.invalidate(tags);
      return reply.code(201).send({ message: 'service_created', data: service });
    } catch (err) {
      if (err instanceof ServiceWriteError) return sendInvalid(reply, { [err.field]: [err.key] });
      throw err;
    }
  });

  app.put<{ Body: Body }>('/order', { schema: reorderServicesSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const ids = parseOrder(body);
    const language = body.language === undefined ? 'en' : languageOf(body);
    if (!ids || !language)
      return sendInvalid(reply, {
        ...(ids ? {} : { ids: ['order_invalid'] }),
        ...(language ? {} : { language: ['language_invalid'] }),
      });
    const items = await app.servicesRepository.reorder(ids, language);
    // The list named other services than there are (another editor added or deleted one).
    if (!items) return sendInvalid(reply, { ids: ['order_invalid'] });
    app.readCache.invalidate(tags);
    return { message: 'services_reordered', data: items };
  });

  app.put<{ Params: { serviceType: string }; Body: Body }>(
    '/:serviceType',
    { schema: updateServiceSchema },
    async (request, reply) => {
      const slug = request.params.serviceType;
      const body = request.body ?? {};
      const language = languageOf(body);
      if (!language) return sendInvalid(reply, { language: ['language_invalid'] });
      const current = await app.servicesRepository.editorFind(slug, language);
      if (!current) return notFound(reply);
      const version = versionOf(body);
      if (!version) return sendInvalid(reply, { version: ['version_required'] });
      if (version.getTime() !== Date.parse(current.version))
        return sendConflict(reply, SERVICE_KIND, current);
      const parsed = await parse(body, current.slug);
      if (!parsed.ok) return sendInvalid(reply, parsed.errors);
      try {
        const result = await app.servicesRepository.update(slug, language, parsed.values, version);
        if (!result) return notFound(reply);
        if ('conflict' in result) return sendConflict(reply, SERVICE_KIND, result.conflict);
        app.readCache.invalidate(tags);
        return { message: 'service_updated', data: result.saved };
      } catch (err) {
        if (err instanceof ServiceWriteError) return sendInvalid(reply, { [err.field]: [err.key] });
        throw err;
      }
    },
  );

  app.delete<{ Params: { serviceType: string } }>(
    '/:serviceType',
    { schema: deleteServiceSchema },
    async (request, reply) => {
      if (!(await app.servicesRepository.remove(request.params.serviceType))) return notFound(reply);
      app.readCache.invalidate(tags);
      return { message: 'service_deleted' };
    },
  );
};
