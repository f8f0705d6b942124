import type { FaqCategory, FaqItem, FaqItemInput, PublicFaq } from '@agency/core/content';
import type { Language } from '@agency/core/language';
import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { faqCategories, faqCategoryTranslations, faqItems } from '../db/schema';
import { type CategoryRepository, createCategoryRepository } from '../lib/content-categories';
import { createListStore, type ListRepository } from '../lib/content-repository';

/**
 * The FAQ's items on the shared list parts (lib/content-repository.ts), scoped by category (a reorder names a
 * category's key), with what only the FAQ has: its categories and its public shape.
 */
export interface FaqRepository extends ListRepository<FaqItem, FaqItemInput, string> {
  /** The categories in display order, named in `language`. */
  categories(language: Language): Promise<(FaqCategory & { id: number })[]>;
  /** The categories' own reads and writes (lib/content-categories.ts). */
  categoryRepository: CategoryRepository;
  /** The public page's FAQ: visible items only, by category, in order. Categories with none are left out. */
  publicFaq(language: Language): Promise<PublicFaq>;
}

declare module 'fastify' {
  interface FastifyInstance {
    faqRepository: FaqRepository;
  }
}

export function createFaqRepository(db: Database): FaqRepository {
  const twin = alias(faqItems, 'twin');
  const store = createListStore(db, faqItems, 'faq_translation_groups');
  /** A category's items in one language: the scope of positions and reorders. */
  const scope = (language: Language, category: number) =>
    and(eq(faqItems.language, language), eq(faqItems.categoryId, category));

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

  const categoryRepository = createCategoryRepository(db, {
    categories: faqCategories,
    translations: faqCategoryTranslations,
    items: faqItems,
  });
  const categoryId = categoryRepository.idOf;
  const categories = categoryRepository.named;

  return {
    categories,
    categoryRepository,
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
        const group = await store.linkTranslation(tx, translationOf, values.language);
        const [row] = await tx
          .insert(faqItems)
          .values({
            categoryId: category,
            language: values.language,
            translationGroup: group,
            question: values.question,
            answer: values.answer,
            hidden: values.hidden,
            sortOrder: await store.nextPosition(tx, scope(values.language, category)),
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
      return store.update(
        id,
        { categoryId: category, question: values.question, answer: values.answer, hidden: values.hidden },
        version,
        find,
      );
    },
    async reorder(language, category, ids) {
      const key = await categoryId(category);
      if (key === null) return null;
      if (!(await store.reorder(scope(language, key), ids))) return null;
      return (await selectItems(scope(language, key))).map(toItem);
    },
    remove: (id) => store.remove(id, find),
  };
}

export const faqRepositoryPlugin = fp(
  async (app) => {
    app.decorate('faqRepository', createFaqRepository(app.db));
  },
  { name: 'faq-repository', dependencies: ['db'] },
);
