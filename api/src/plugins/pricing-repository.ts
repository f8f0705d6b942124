import {
  keyFromName,
  type PriceType,
  type PricingCategory,
  type PricingPlan,
  type PricingPlanInput,
  type PublicPricing,
} from '@agency/core/content';
import type { Language } from '@agency/core/language';
import { PLAN_KEY_MAX } from '@agency/core/rules';
import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { pricingCategories, pricingCategoryTranslations, pricingPlans } from '../db/schema';
import { type CategoryRepository, createCategoryRepository } from '../lib/content-categories';
import { ContentFieldError, createListStore, type ListRepository } from '../lib/content-repository';

/**
 * Pricing plans on the shared list parts (lib/content-repository.ts), scoped by category (a reorder names a
 * category's key), with what only pricing has: its categories, its public shape, and a plan's name looked up
 * by its key for a contact message.
 */
export interface PricingRepository extends ListRepository<PricingPlan, PricingPlanInput, string> {
  /** The categories in display order, named in `language`. */
  categories(language: Language): Promise<(PricingCategory & { id: number })[]>;
  /** The categories' own reads and writes (lib/content-categories.ts). */
  categoryRepository: CategoryRepository;
  /** The public pages' pricing: visible plans only, by category, in order. Categories with none are left out. */
  publicPricing(language: Language): Promise<PublicPricing>;
  /**
   * The names in each language of the visible plan `key` (a contact message keeps them): the plan of category
   * `category` (the message's service) when it has one, else of the first category that has a visible plan with
   * this key; null when no visible plan has it (the contact form's `plan_invalid`).
   */
  planNames(category: string, key: string): Promise<Partial<Record<Language, string>> | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pricingRepository: PricingRepository;
  }
}

export function createPricingRepository(db: Database): PricingRepository {
  const twin = alias(pricingPlans, 'twin');
  const store = createListStore(db, pricingPlans, 'pricing_translation_groups');
  /** A category's plans in one language: the scope of positions and reorders. */
  const scope = (language: Language, category: number) =>
    and(eq(pricingPlans.language, language), eq(pricingPlans.categoryId, category));

  /** Plans with their category key and their translation's id, in list order. */
  function selectPlans(where: ReturnType<typeof and>) {
    return db
      .select({
        id: pricingPlans.id,
        language: pricingPlans.language,
        translationId: twin.id,
        position: pricingPlans.sortOrder,
        updatedAt: pricingPlans.updatedAt,
        category: pricingCategories.key,
        key: pricingPlans.key,
        name: pricingPlans.name,
        description: pricingPlans.description,
        type: pricingPlans.priceType,
        price: pricingPlans.price,
        currency: pricingPlans.currency,
        unit: pricingPlans.unit,
        features: pricingPlans.features,
        highlighted: pricingPlans.highlighted,
        hidden: pricingPlans.hidden,
      })
      .from(pricingPlans)
      .innerJoin(pricingCategories, eq(pricingCategories.id, pricingPlans.categoryId))
      .leftJoin(
        twin,
        and(
          eq(twin.translationGroup, pricingPlans.translationGroup),
          ne(twin.language, pricingPlans.language),
        ),
      )
      .where(where)
      .orderBy(asc(pricingCategories.sortOrder), asc(pricingPlans.sortOrder), asc(pricingPlans.id));
  }

  type Selected = Awaited<ReturnType<typeof selectPlans>>[number];
  const toPlan = (row: Selected): PricingPlan => ({
    id: row.id,
    language: row.language,
    translation_id: row.translationId ?? null,
    position: row.position,
    version: row.updatedAt.toISOString(),
    category: row.category,
    key: row.key,
    name: row.name,
    description: row.description,
    type: row.type as PriceType | '',
    price: row.type === 'quote_based' ? null : row.price,
    currency: row.currency,
    unit: row.unit,
    features: row.features,
    highlighted: row.highlighted,
    hidden: row.hidden,
  });

  async function find(id: number): Promise<PricingPlan | null> {
    const [row] = await selectPlans(and(eq(pricingPlans.id, id)));
    return row ? toPlan(row) : null;
  }

  const categoryRepository = createCategoryRepository(db, {
    categories: pricingCategories,
    translations: pricingCategoryTranslations,
    items: pricingPlans,
  });
  const categoryId = categoryRepository.idOf;
  const categories = categoryRepository.named;

  /** The columns a plan's values are stored in (a quote-based plan keeps no price). */
  const columnsOf = (values: PricingPlanInput) => ({
    key: values.key,
    name: values.name,
    description: values.description,
    priceType: values.type,
    price: values.type === 'quote_based' ? null : values.price,
    currency: values.currency,
    unit: values.unit,
    features: values.features,
    highlighted: values.highlighted,
    hidden: values.hidden,
  });

  return {
    categories,
    categoryRepository,
    async publicPricing(language) {
      const [named, rows] = await Promise.all([
        categories(language),
        selectPlans(and(eq(pricingPlans.language, language), eq(pricingPlans.hidden, false))),
      ]);
      const byCategory = new Map<string, PublicPricing['categories'][number]['plans']>();
      for (const row of rows) {
        const plan = toPlan(row);
        const list = byCategory.get(row.category) ?? [];
        list.push({
          id: plan.id,
          key: plan.key,
          name: plan.name,
          description: plan.description,
          type: plan.type,
          price: plan.price,
          currency: plan.currency,
          unit: plan.unit,
          features: plan.features,
          highlighted: plan.highlighted,
        });
        byCategory.set(row.category, list);
      }
      return {
        language,
        categories: named
          .filter((c) => byCategory.has(c.key))
          .map((c) => ({ key: c.key, name: c.name, plans: byCategory.get(c.key) ?? [] })),
      };
    },
    async planNames(category, key) {
      const rows = await db
        .select({ category: pricingCategories.key, name: pricingPlans.name, language: pricingPlans.language })
        .from(pricingPlans)
        .innerJoin(pricingCategories, eq(pricingCategories.id, pricingPlans.categoryId))
        .where(and(eq(pricingPlans.key, key), eq(pricingPlans.hidden, false)))
        .orderBy(asc(pricingCategories.sortOrder), asc(pricingPlans.sortOrder), asc(pricingPlans.id));
      const first = rows[0];
      if (!first) return null;
      const chosen = rows.some((r) => r.category === category) ? category : first.category;
      const names: Partial<Record<Language, string>> = {};
      for (const row of rows)
        if (row.category === chosen && !names[row.language]) names[row.language] = row.name;
      return names;
    },
    async items(language) {
      return (await selectPlans(and(eq(pricingPlans.language, language)))).map(toPlan);
    },
    find,
    async create(values, translationOf) {
      const category = await categoryId(values.category);
      if (category === null) throw new Error(`Unknown pricing category ${values.category}`);
      // A new plan without a key: its original's (a translation shares it), else one made from its name.
      const original = !values.key && translationOf !== null ? await find(translationOf) : null;
      const key = values.key || original?.key || keyFromName(values.name, PLAN_KEY_MAX);
      if (!key) throw new ContentFieldError('key', 'required');
      const id = await db.transaction(async (tx) => {
        const group = await store.linkTranslation(tx, translationOf, values.language);
        const [row] = await tx
          .insert(pricingPlans)
          .values({
            ...columnsOf(values),
            key,
            categoryId: category,
            language: values.language,
            translationGroup: group,
            sortOrder: await store.nextPosition(tx, scope(values.language, category)),
          })
          .returning({ id: pricingPlans.id });
        if (!row) throw new Error('Inserting a pricing plan returned no row');
        return row.id;
      });
      const created = await find(id);
      if (!created) throw new Error('A new pricing plan could not be read back');
      return created;
    },
    async update(id, values, version) {
      const category = await categoryId(values.category);
      if (category === null) throw new Error(`Unknown pricing category ${values.category}`);
      // A change without a key keeps the plan's: a rename never changes it.
      const { key, ...columns } = columnsOf(values);
      return store.update(id, { ...columns, ...(key ? { key } : {}), categoryId: category }, version, find);
    },
    async reorder(language, category, ids) {
      const key = await categoryId(category);
      if (key === null) return null;
      if (!(await store.reorder(scope(language, key), ids))) return null;
      return (await selectPlans(scope(language, key))).map(toPlan);
    },
    remove: (id) => store.remove(id, find),
  };
}

export const pricingRepositoryPlugin = fp(
  async (app) => {
    app.decorate('pricingRepository', createPricingRepository(app.db));
  },
  { name: 'pricing-repository', dependencies: ['db'] },
);
