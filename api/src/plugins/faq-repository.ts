import type { FaqCategory, FaqItem, FaqItemInput, PublicFaq } from '@agency/core/content';
import type { Language } from '@agency/core/language';
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { faqCategories, faqCategoryTranslations, faqItems } from '../db/schema';

/** A create refused because of its translation link (422 on `translation_of`). */
export class FaqTranslationError extends Error {
  constructor(readonly key: 'translation_invalid' | 'translation_taken') {
    super(key);
  }
}

export interface FaqRepository {
  /** The categories in display order, named in `language`. */
  categories(language: Language): Promise<(FaqCategory & { id: number })[]>;
  /** The public page's FAQ: visible items only, by category, in order. Categories with none are left out. */
  publicFaq(language: Language): Promise<PublicFaq>;
  /** Every item in `language`, hidden ones included (the editor's list), by category then position. */
  items(language: Language): Promise<FaqItem[]>;
  find(id: number): Promise<FaqItem | null>;
  /** A new item at the end of its category; linked to `translationOf` (an item in the other language) when given. */
  create(values: FaqItemInput & { language: Language }, translationOf: number | null): Promise<FaqItem>;
  /** Writes only when the item is still at `version`: otherwise the current item (409), or null (gone). */
  update(
    id: number,
    values: FaqItemInput,
    version: Date,
  ): Promise<{ saved: FaqItem } | { conflict: FaqItem } | null>;
  /** Puts a category's items in `language` in the order of `ids`, which must name each of them once. */
  reorder(language: Language, category: string, ids: number[]): Promise<FaqItem[] | null>;
  /** Deletes one item; its translation stays. The deleted item, or null. */
  remove(id: number): Promise<FaqItem | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    faqRepository: FaqRepository;
  }
}

/** Gap between neighbours' sort orders, so that a new item goes at the end without renumbering. */
const STEP = 10;

export function createFaqRepository(db: Database): FaqRepository {
  const twin = alias(faqItems, 'twin');

  /** Items with their category key and their translation's id, in list order. */
  function selectItems(where: ReturnType<typeof and>) {
    return db
      .select({
        id: faqItems.id,
        language: faqItems.language,
        translationId: twin.id,
        position: faqItems.sortOrder,
        updatedAt: faqItems.updatedAt,
        category: faqCategories.key,
        question: faqItems.question,
        answer: faqItems.answer,
        hidden: faqItems.hidden,
      })
      .from(faqItems)
      .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
      .leftJoin(
        twin,
        and(eq(twin.translationGroup, faqItems.translationGroup), ne(twin.language, faqItems.language)),
      )
      .where(where)
      .orderBy(asc(faqCategories.sortOrder), asc(faqItems.sortOrder), asc(faqItems.id));
  }

  type Selected = Awaited<ReturnType<typeof selectItems>>[number];
  const toItem = (row: Selected): FaqItem => ({
    id: row.id,
    language: row.language,
    translation_id: row.translationId ?? null,
    position: row.position,
    version: row.updatedAt.toISOString(),
    category: row.category,
    question: row.question,
    answer: row.answer,
    hidden: row.hidden,
  });

  async function find(id: number): Promise<FaqItem | null> {
    const [row] = await selectItems(and(eq(faqItems.id, id)));
    return row ? toItem(row) : null;
  }

  async function categoryId(key: string): Promise<number | null> {
    const [row] = await db
      .select({ id: faqCategories.id })
      .from(faqCategories)
      .where(eq(faqCategories.key, key));
    return row?.id ?? null;
  }

  async function categories(language: Language) {
    return db
      .select({ id: faqCategories.id, key: faqCategories.key, name: faqCategoryTranslations.name })
      .from(faqCategories)
      .innerJoin(
        faqCategoryTranslations,
        and(
          eq(faqCategoryTranslations.categoryId, faqCategories.id),
          eq(faqCategoryTranslations.language, language),
        ),
      )
      .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.id));
  }

  return {
    categories,
    async publicFaq(language) {
      const [named, rows] = await Promise.all([
        categories(language),
        selectItems(and(eq(faqItems.language, language), eq(faqItems.hidden, false))),
      ]);
      const byCategory = new Map<string, PublicFaq['categories'][number]['items']>();
      for (const row of rows) {
        const list = byCategory.get(row.category) ?? [];
        list.push({ id: row.id, question: row.question, answer: row.answer });
        byCategory.set(row.category, list);
      }
      return {
        language,
        categories: named
          .filter((c) => byCategory.has(c.key))
          .map((c) => ({ key: c.key, name: c.name, items: byCategory.get(c.key) ?? [] })),
      };
    },
    async items(language) {
      return (await selectItems(and(eq(faqItems.language, language)))).map(toItem);
    },
    find,
    async create(values, translationOf) {
      const category = await categoryId(values.category);
      if (category === null) throw new Error(`Unknown FAQ category ${values.category}`);
      const id = await db.transaction(async (tx) => {
        let group: number | null = null;
        if (translationOf !== null) {
          const [original] = await tx
            .select({ language: faqItems.language, group: faqItems.translationGroup })
            .from(faqItems)
            .where(eq(faqItems.id, translationOf))
            .for('update');
          if (!original || original.language === values.language)
            throw new FaqTranslationError('translation_invalid');
          group = original.group;
          if (group === null) {
            const [linked] = await tx
              .update(faqItems)
              .set({ translationGroup: sql`nextval('faq_translation_groups')` })
              .where(eq(faqItems.id, translationOf))
              .returning({ group: faqItems.translationGroup });
            group = linked?.group ?? null;
          } else {
            const [taken] = await tx
              .select({ id: faqItems.id })
              .from(faqItems)
              .where(and(eq(faqItems.translationGroup, group), eq(faqItems.language, values.language)));
            if (taken) throw new FaqTranslationError('translation_taken');
          }
        }
        const [last] = await tx
          .select({ n: max(faqItems.sortOrder) })
          .from(faqItems)
          .where(and(eq(faqItems.language, values.language), eq(faqItems.categoryId, category)));
        const [row] = await tx
          .insert(faqItems)
          .values({
            categoryId: category,
            language: values.language,
            translationGroup: group,
            question: values.question,
            answer: values.answer,
            hidden: values.hidden,
            sortOrder: (last?.n ?? 0) + STEP,
          })
          .returning({ id: faqItems.id });
        if (!row) throw new Error('Inserting an FAQ item returned no row');
        return row.id;
      });
      const created = await find(id);
      if (!created) throw new Error('A new FAQ item could not be read back');
      return created;
    },
    async update(id, values, version) {
      const category = await categoryId(values.category);
      if (category === null) throw new Error(`Unknown FAQ category ${values.category}`);
      // The version check and the write in one statement: two editors saving at once cannot both win.
      const [row] = await db
        .update(faqItems)
        .set({
          categoryId: category,
          question: values.question,
          answer: values.answer,
          hidden: values.hidden,
          updatedAt: sql`greatest(now(), ${faqItems.updatedAt} + interval '1 millisecond')`,
        })
        .where(and(eq(faqItems.id, id), eq(faqItems.updatedAt, version)))
        .returning({ id: faqItems.id });
      const current = await find(id);
      if (!current) return null;
      return row ? { saved: current } : { conflict: current };
    },
    async reorder(language, category, ids) {
      const key = await categoryId(category);
      if (key === null) return null;
      return db
        .transaction(async (tx) => {
          const rows = await tx
            .select({ id: faqItems.id })
            .from(faqItems)
            .where(and(eq(faqItems.language, language), eq(faqItems.categoryId, key)))
            .for('update');
          const known = new Set(rows.map((r) => r.id));
          if (rows.length !== ids.length || !ids.every((id) => known.has(id))) return null;
          // One statement: the new position of each id from its place in the list.
          await tx
            .update(faqItems)
            .set({
              sortOrder: sql`(array_position(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}, ${faqItems.id})) * ${STEP}`,
            })
            .where(inArray(faqItems.id, ids));
          return ids;
        })
        .then(async (done) =>
          done
            ? (await selectItems(and(eq(faqItems.language, language), eq(faqItems.categoryId, key)))).map(
                toItem,
              )
            : null,
        );
    },
    async remove(id) {
      const current = await find(id);
      if (!current) return null;
      const [row] = await db.delete(faqItems).where(eq(faqItems.id, id)).returning({ id: faqItems.id });
      return row ? current : null;
    },
  };
}

export const faqRepositoryPlugin = fp(
  async (app) => {
    app.decorate('faqRepository', createFaqRepository(app.db));
  },
  { name: 'faq-repository', dependencies: ['db'] },
);
