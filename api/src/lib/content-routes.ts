import type { ContentErrors, ContentKind } from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import type { FastifyInstance } from 'fastify';
import { UNAUTHENTICATED } from '../plugins/access';
import {
  contentTag,
  parseContent,
  parseId,
  parseOrder,
  sendConflict,
  sendInvalid,
  versionOf,
} from './content';
import { ContentTranslationError, type ListRepository } from './content-repository';
import type { ListKindSchemas } from './content-schemas';
import type { ContentSanitizer } from './sanitize-pool';

interface LanguageQuery {
  language: Language;
}

type Body = Record<string, unknown>;

/** A reorder's scope read from its body beside `language` and `ids`: the scope, or the errors of its fields. */
export type ScopeParse<Scope> = { ok: true; scope: Scope } | { ok: false; errors: ContentErrors };

export interface ListRoutesOptions<Item, Input extends object, Scope> {
  kind: ContentKind;
  repository: ListRepository<Item, Input, Scope>;
  /** Where the items are, under the kind's prefix: `/items` for the FAQ, `/plans` for pricing. */
  itemsPath: `/${string}`;
  /** The stem of the write messages: `faq_item` gives `faq_item_created`, `_updated`, `_deleted`. */
  noun: string;
  /** The 404's message. */
  notFound: string;
  schemas: ListKindSchemas;
  sanitizer: ContentSanitizer;
  /** The allowed values of each choice field, asked at each write (they may come from the database). */
  choices?: () => Promise<Record<string, readonly string[]>>;
  /** A reorder's scope from its body (e.g. a category's key); a kind with one list per language has none. */
  scope: (body: Body) => ScopeParse<Scope>;
  /** The editor's list answer's `data` in one language (default `{ items }`): a kind adds its own lists. */
  listData?: (language: Language, items: Item[]) => Promise<object> | object;
}

/**
 * The editor routes every list kind has, registered on `app` (the kind's prefix) from its definition, its
 * repository and its choices and scope: the editor's list and item (401 when anonymous, never cached), a
 * create (201, `translation_of` links it to its other-language twin), a change with its `version` (409 with
 * the current item when stale), a reorder of one scope in one language, and a delete (404s for an unknown
 * id). Every write invalidates the kind's cache tag here before it answers; the tables' triggers announce it
 * to other processes. Writes need an editor session and the CSRF token (plugins/access.ts).
 */
export function registerListRoutes<Item, Input extends object, Scope>(
  app: FastifyInstance,
  options: ListRoutesOptions<Item, Input, Scope>,
): void {
  const { kind, repository, itemsPath, noun, notFound, schemas, sanitizer } = options;
  const tags = [contentTag(kind)];
  const choices = options.choices ?? (async () => ({}));
  const listData = options.listData ?? ((_language: Language, items: Item[]) => ({ items }));
  // The editor's answers differ per visitor: never kept by a cache (one object per route, see access.ts).
  const editorOnly = () => ({ private: true });
  const itemPath = `${itemsPath}/:id`;

  app.get<{ Querystring: LanguageQuery }>(
    itemsPath,
    { schema: schemas.list, config: editorOnly() },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const { language } = request.query;
      return { data: await listData(language, await repository.items(language)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    itemPath,
    { schema: schemas.get, config: editorOnly() },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const id = parseId(request.params.id);
      const item = id === null ? null : await repository.find(id);
      if (!item) return reply.code(404).send({ message: notFound });
      return { data: item };
    },
  );

  app.post<{ Body: Body }>(itemsPath, { schema: schemas.create }, async (request, reply) => {
    const parsed = await parseContent<Input>(kind, request.body, {
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
      const item = await repository.create(
        { ...(values as unknown as Input), language: language as Language },
        translationOf,
      );
      app.readCache.invalidate(tags);
      return reply.code(201).send({ message: `${noun}_created`, data: item });
    } catch (err) {
      if (err instanceof ContentTranslationError) return sendInvalid(reply, { translation_of: [err.key] });
      throw err;
    }
  });

  app.put<{ Params: { id: string }; Body: Body }>(
    itemPath,
    { schema: schemas.update },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const current =
        id === null ? null : ((await repository.find(id)) as (Item & { version: string }) | null);
      if (id === null || !current) return reply.code(404).send({ message: notFound });
      const version = versionOf(request.body ?? {});
      if (!version) return sendInvalid(reply, { version: ['version_required'] });
      if (version.getTime() !== Date.parse(current.version)) return sendConflict(reply, kind, current);
      const parsed = await parseContent<Input>(kind, request.body, { choices: await choices(), sanitizer });
      if (!parsed.ok) return sendInvalid(reply, parsed.errors);
      const result = await repository.update(id, parsed.values, version);
      if (!result) return reply.code(404).send({ message: notFound });
      if ('conflict' in result) return sendConflict(reply, kind, result.conflict);
      app.readCache.invalidate(tags);
      return { message: `${noun}_updated`, data: result.saved };
    },
  );

  app.put<{ Body: Body }>('/order', { schema: schemas.reorder }, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const ids = parseOrder(body);
    const language = body.language;
    const scope = options.scope(body);
    const errors: ContentErrors = {
      ...(isLanguage(language as string) ? {} : { language: ['language_invalid'] }),
      ...(scope.ok ? {} : scope.errors),
      ...(ids ? {} : { ids: ['order_invalid'] }),
    };
    if (Object.keys(errors).length > 0 || !ids || !scope.ok) return sendInvalid(reply, errors);
    const items = await repository.reorder(language as Language, scope.scope, ids);
    // The list named other items than the scope has now (another editor added or deleted one).
    if (!items) return sendInvalid(reply, { ids: ['order_invalid'] });
    app.readCache.invalidate(tags);
    return { message: `${kind.name}_reordered`, data: items };
  });

  app.delete<{ Params: { id: string } }>(itemPath, { schema: schemas.delete }, async (request, reply) => {
    const id = parseId(request.params.id);
    const deleted = id === null ? null : await repository.remove(id);
    if (!deleted) return reply.code(404).send({ message: notFound });
    app.readCache.invalidate(tags);
    return { message: `${noun}_deleted` };
  });
}

/** A reorder scope that is one key named by `field` in the body (a category): required, a non-empty string. */
export function keyScope(field: string): (body: Body) => ScopeParse<string> {
  return (body) => {
    const value = body[field];
    return typeof value === 'string' && value !== ''
      ? { ok: true, scope: value }
      : { ok: false, errors: { [field]: ['required'] } };
  };
}
