import {
  CATEGORY_KIND,
  type CategoryInput,
  type ContentCategory,
  type ContentKind,
  keyFromName,
} from '@agency/core/content';
import { LANGUAGES, type Language } from '@agency/core/language';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { UNAUTHENTICATED } from '../plugins/access';
import { commonErrorResponses, errorSchema } from '../schemas';
import {
  contentTag,
  parseContent,
  parseId,
  parseOrder,
  sendConflict,
  sendInvalid,
  versionOf,
} from './content';
import { POSITION_STEP, type VersionedResult } from './content-repository';
import type { ContentSanitizer } from './sanitize-pool';

/**
 * The categories of a list kind (the FAQ's, pricing's), written once: their repository over the kind's three
 * tables, their editor routes (`/api/{kind}/categories`) and their OpenAPI schemas. A category is one record in
 * both languages (core's CATEGORY_KIND): its key (chosen or made from the English name, never changed), its
 * two names and its place. One that still holds items is not deleted (409 `category_not_empty` with their
 * number). Every write invalidates the kind's cache tag, as its items' do; the tables' triggers announce it to
 * other processes (migrations 0011, 0012).
 */

/** The tables a kind's categories live in, under these property names. */
export interface CategoryTables {
  categories: PgTable & { id: AnyPgColumn; key: AnyPgColumn; sortOrder: AnyPgColumn; updatedAt: AnyPgColumn };
  translations: PgTable & { categoryId: AnyPgColumn; language: AnyPgColumn; name: AnyPgColumn };
  /** The kind's items, each in one category. */
  items: PgTable & { id: AnyPgColumn; categoryId: AnyPgColumn; translationGroup: AnyPgColumn };
}

/** A delete refused: the category still holds this many items. */
export interface NotEmpty {
  items: number;
}

export interface CategoryRepository {
  /** The categories in display order, named in `language` (the items' choice, the public tabs). */
  named(language: Language): Promise<{ id: number; key: string; name: string }[]>;
  /** The id of the category `key`, or null. */
  idOf(key: string): Promise<number | null>;
  /** Every category in order, with both names and how many items it holds. */
  list(): Promise<ContentCategory[]>;
  find(id: number): Promise<ContentCategory | null>;
  /** A new category at the end; null when its key is taken. */
  create(values: CategoryInput): Promise<ContentCategory | null>;
  /** New names (the key stays) when the category is still at `version`. */
  update(id: number, values: CategoryInput, version: Date): Promise<VersionedResult<ContentCategory>>;
  /** Puts the categories in the order of `ids`, which must name each once; null otherwise. */
  reorder(ids: number[]): Promise<ContentCategory[] | null>;
  /** Deletes an empty category: the deleted one, NotEmpty when it holds items, null when there is none. */
  remove(id: number): Promise<{ deleted: ContentCategory } | NotEmpty | null>;
}

export function createCategoryRepository(db: Database, tables: CategoryTables): CategoryRepository {
  // Drizzle's builders are typed per table; these parts use only the columns above.
  const c = tables.categories as PgTable & CategoryTables['categories'];
  const tr = tables.translations as PgTable & CategoryTables['translations'];
  const it = tables.items as PgTable & CategoryTables['items'];
  // An item and its translation are one item to the editor ("4 plans", not 8): counted by translation link.
  const itemCount = sql<number>`count(distinct coalesce(${it.translationGroup}, -${it.id}))`;

  async function read(where?: ReturnType<typeof eq>): Promise<ContentCategory[]> {
    const rows = await db
      .select({ id: c.id, key: c.key, position: c.sortOrder, updatedAt: c.updatedAt })
      .from(c)
      .where(where)
      .orderBy(asc(c.sortOrder), asc(c.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id as number);
    const [names, counts] = await Promise.all([
      db
        .select({ id: tr.categoryId, language: tr.language, name: tr.name })
        .from(tr)
        .where(inArray(tr.categoryId, ids)),
      db
        .select({ id: it.categoryId, n: itemCount })
        .from(it)
        .where(inArray(it.categoryId, ids))
        .groupBy(it.categoryId),
    ]);
    return rows.map((row) => {
      const nameIn = (language: string) =>
        (names.find((n) => n.id === row.id && n.language === language)?.name as string | undefined) ?? '';
      return {
        id: row.id as number,
        key: row.key as string,
        name_en: nameIn('en'),
        name_ar: nameIn('ar'),
        position: row.position as number,
        items: Number(counts.find((n) => n.id === row.id)?.n ?? 0),
        version: (row.updatedAt as Date).toISOString(),
      };
    });
  }

  const find = async (id: number) => (await read(eq(c.id, id)))[0] ?? null;
  type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
  const writeNames = (tx: Tx, id: number, values: CategoryInput) =>
    tx
      .insert(tr)
      .values(
        LANGUAGES.map((language) => ({
          categoryId: id,
          language,
          name: language === 'ar' ? values.name_ar : values.name_en,
        })) as never,
      )
      .onConflictDoUpdate({
        target: [tr.categoryId, tr.language],
        set: { name: sql`excluded.name` } as never,
      });

  return {
    async named(language) {
      const rows = await db
        .select({ id: c.id, key: c.key, name: tr.name })
        .from(c)
        .innerJoin(tr, and(eq(tr.categoryId, c.id), eq(tr.language, language)))
        .orderBy(asc(c.sortOrder), asc(c.id));
      return rows as { id: number; key: string; name: string }[];
    },
    async idOf(key) {
      const [row] = await db.select({ id: c.id }).from(c).where(eq(c.key, key));
      return (row?.id as number | undefined) ?? null;
    },
    list: () => read(),
    find,
    async create(values) {
      const id = await db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: c.id }).from(c).where(eq(c.key, values.key));
        if (taken) return null;
        const [last] = await tx.select({ n: max(c.sortOrder) }).from(c);
        const [row] = await tx
          .insert(c)
          .values({ key: values.key, sortOrder: (Number(last?.n ?? 0) || 0) + POSITION_STEP } as never)
          .onConflictDoNothing()
          .returning({ id: c.id });
        if (!row) return null;
        await writeNames(tx, row.id as number, values);
        return row.id as number;
      });
      return id === null ? null : find(id);
    },
    async update(id, values, version) {
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(c)
          .set({ updatedAt: sql`greatest(now(), ${c.updatedAt} + interval '1 millisecond')` } as never)
          .where(and(eq(c.id, id), eq(c.updatedAt, version)))
          .returning({ id: c.id });
        if (row) await writeNames(tx, id, values);
        return !!row;
      });
      const current = await find(id);
      if (!current) return null;
      return saved ? { saved: current } : { conflict: current };
    },
    async reorder(ids) {
      const done = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: c.id }).from(c).for('update');
        const known = new Set(rows.map((r) => r.id as number));
        if (rows.length !== ids.length || !ids.every((id) => known.has(id))) return false;
        await tx
          .update(c)
          .set({
            sortOrder: sql`(array_position(${sql.raw(`ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`)}, ${c.id})) * ${POSITION_STEP}`,
          } as never)
          .where(inArray(c.id, ids));
        return true;
      });
      return done ? read() : null;
    },
    async remove(id) {
      const current = await find(id);
      if (!current) return null;
      return db.transaction(async (tx) => {
        // Locked first: an item added to it meanwhile waits (its foreign key check), then finds it gone.
        const [row] = await tx.select({ id: c.id }).from(c).where(eq(c.id, id)).for('update');
        if (!row) return null;
        const [held] = await tx.select({ n: itemCount }).from(it).where(eq(it.categoryId, id));
        const items = Number(held?.n ?? 0);
        if (items > 0) return { items };
        await tx.delete(c).where(eq(c.id, id));
        return { deleted: current };
      });
    },
  };
}

export interface CategoryRoutesOptions {
  /** The kind whose categories these are: its cache tag and OpenAPI tag. */
  kind: ContentKind;
  repository: CategoryRepository;
  sanitizer: ContentSanitizer;
}

type Body = Record<string, unknown>;

/**
 * The editor routes of a kind's categories, registered on `app` (the kind's prefix): the list (401 when
 * anonymous, never cached), a create (201; the key made from `name_en` when none is sent, 422 `key_taken` when
 * used), a rename with its `version` (409 with the current category when stale; the key stays), a reorder of
 * them all, and a delete (409 `category_not_empty` with `items` when it holds any; 404 for an unknown id).
 * Writes need an editor session and the CSRF token (plugins/access.ts).
 */
export function registerCategoryRoutes(app: FastifyInstance, options: CategoryRoutesOptions): void {
  const { kind, repository, sanitizer } = options;
  const tags = [contentTag(kind)];
  const schemas = categorySchemas(kind.name);
  const editorOnly = () => ({ private: true });
  const notFound = CATEGORY_NOT_FOUND;

  app.get('/categories', { schema: schemas.list, config: editorOnly() }, async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
    return { data: await repository.list() };
  });

  app.post<{ Body: Body }>('/categories', { schema: schemas.create }, async (request, reply) => {
    const parsed = await parseContent<CategoryInput>(CATEGORY_KIND, request.body, { sanitizer });
    if (!parsed.ok) return sendInvalid(reply, parsed.errors);
    const key = parsed.values.key || keyFromName(parsed.values.name_en);
    if (!key) return sendInvalid(reply, { key: ['required'] });
    const created = await repository.create({ ...parsed.values, key });
    if (!created) return sendInvalid(reply, { key: ['key_taken'] });
    app.readCache.invalidate(tags);
    return reply.code(201).send({ message: 'category_created', data: created });
  });

  app.put<{ Body: Body }>('/categories/order', { schema: schemas.reorder }, async (request, reply) => {
    const ids = parseOrder(request.body);
    if (!ids) return sendInvalid(reply, { ids: ['order_invalid'] });
    const list = await repository.reorder(ids);
    if (!list) return sendInvalid(reply, { ids: ['order_invalid'] });
    app.readCache.invalidate(tags);
    return { message: 'category_reordered', data: list };
  });

  app.put<{ Params: { id: string }; Body: Body }>(
    '/categories/:id',
    { schema: schemas.update },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const current = id === null ? null : await repository.find(id);
      if (id === null || !current) return reply.code(404).send({ message: notFound });
      const version = versionOf(request.body ?? {});
      if (!version) return sendInvalid(reply, { version: ['version_required'] });
      if (version.getTime() !== Date.parse(current.version))
        return sendConflict(reply, CATEGORY_KIND, current);
      // The key names the category for good: what a change sends for it is not looked at.
      const parsed = await parseContent<CategoryInput>(
        CATEGORY_KIND,
        { ...request.body, key: current.key },
        { sanitizer },
      );
      if (!parsed.ok) return sendInvalid(reply, parsed.errors);
      const result = await repository.update(id, { ...parsed.values, key: current.key }, version);
      if (!result) return reply.code(404).send({ message: notFound });
      if ('conflict' in result) return sendConflict(reply, CATEGORY_KIND, result.conflict);
      app.readCache.invalidate(tags);
      return { message: 'category_updated', data: result.saved };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/categories/:id',
    { schema: schemas.delete },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const result = id === null ? null : await repository.remove(id);
      if (!result) return reply.code(404).send({ message: notFound });
      if ('items' in result)
        return reply.code(409).send({ message: 'category_not_empty', items: result.items });
      app.readCache.invalidate(tags);
      return { message: 'category_deleted' };
    },
  );
}

export const CATEGORY_NOT_FOUND = 'Category not found';

const categorySchema = {
  type: 'object',
  required: ['id', 'key', 'name_en', 'name_ar', 'position', 'items', 'version'],
  properties: {
    id: { type: 'integer' },
    key: { type: 'string', description: 'Its stable key: the items’ `category`; a rename never changes it' },
    name_en: { type: 'string' },
    name_ar: { type: 'string' },
    position: { type: 'integer', description: 'Its place among the categories (lower first)' },
    items: { type: 'integer', description: 'How many items it holds, in both languages' },
    version: { type: 'string', description: '`updated_at`: send it back with a change' },
  },
} as const;

/** The OpenAPI schemas of one kind's category routes. */
function categorySchemas(tag: string) {
  const tags = [tag];
  const idParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', maxLength: 20, description: 'The category id' } },
  };
  const notFound = { ...errorSchema, description: `${CATEGORY_NOT_FOUND}: no category has this id` };
  const answer = (message: string) => ({
    type: 'object',
    required: ['message', 'data'],
    properties: { message: { type: 'string', enum: [message] }, data: categorySchema },
  });
  const names = {
    name_en: { description: 'The English name, up to 80 characters' },
    name_ar: { description: 'The Arabic name, up to 80 characters' },
  };
  return {
    list: {
      summary: `Every ${tag} category in order, with both names and its number of items (editor session)`,
      tags,
      response: {
        200: {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: categorySchema } },
        },
        ...commonErrorResponses,
      },
    },
    create: {
      summary: `Adds a ${tag} category at the end (editor session and CSRF token)`,
      description:
        'Without a `key`, one is made from `name_en` (its Latin letters and digits, words joined by dashes); ' +
        'a key already used is refused with 422 `key_taken`.',
      tags,
      body: {
        type: 'object',
        properties: {
          key: { description: 'Optional: lower-case Latin letters, digits and dashes, up to 60 characters' },
          ...names,
        },
      },
      response: { 201: answer('category_created'), 422: errorSchema, ...commonErrorResponses },
    },
    update: {
      summary: `Renames a ${tag} category in both languages (editor session and CSRF token)`,
      description:
        'Send both names and the `version` read; the key never changes. A stale `version` is answered 409 ' +
        'with the category as it is now (`current`).',
      tags,
      params: idParams,
      body: { type: 'object', properties: { ...names, version: { description: 'The `version` read' } } },
      response: {
        200: answer('category_updated'),
        404: notFound,
        409: {
          type: 'object',
          required: ['message', 'current'],
          properties: { message: { type: 'string', enum: ['category_conflict'] }, current: categorySchema },
        },
        422: errorSchema,
        ...commonErrorResponses,
      },
    },
    reorder: {
      summary: `Puts the ${tag} categories in a new order (editor session and CSRF token)`,
      tags,
      body: {
        type: 'object',
        properties: { ids: { description: 'Every category id once, in the new order' } },
      },
      response: {
        200: {
          type: 'object',
          required: ['message', 'data'],
          properties: {
            message: { type: 'string', enum: ['category_reordered'] },
            data: { type: 'array', items: categorySchema },
          },
        },
        422: errorSchema,
        ...commonErrorResponses,
      },
    },
    delete: {
      summary: `Deletes an empty ${tag} category (editor session and CSRF token)`,
      description:
        'A category that still holds items is not deleted: 409 `category_not_empty` with `items`, their number ' +
        '(in both languages). Move or delete them first.',
      tags,
      params: idParams,
      response: {
        200: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string', enum: ['category_deleted'] } },
        },
        404: notFound,
        409: {
          type: 'object',
          required: ['message', 'items'],
          properties: {
            message: { type: 'string', enum: ['category_not_empty'] },
            items: { type: 'integer' },
          },
        },
        ...commonErrorResponses,
      },
    },
  };
}
