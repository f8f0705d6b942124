import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { pricingCategories, pricingCategoryTranslations, pricingPlans } from '../schema';
import { drawNumbers, inserted } from './batch';
import { PRICING_SEEDS } from './pricing-content';

/** Its own lock number, so that the pricing seed never waits on the FAQ's or the services' one. */
const PRICING_SEED_LOCK_ID = 0x70726963;

/**
 * Inserts the pricing categories and their plans in both languages, each English plan linked to its Arabic
 * translation, when there is no category yet; does nothing otherwise, so an editor's changes are never
 * overwritten. A database made before pricing was editable gets it on its next start. Returns whether it
 * inserted anything.
 */
export async function seedPricing(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRICING_SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(pricingCategories);
    if ((existing?.n ?? 0) > 0) return false;

    // Each kind of row in one statement: one round trip each, not one per row.
    const categories = await tx
      .insert(pricingCategories)
      .values(
        PRICING_SEEDS.map((seed, categoryIndex) => ({ key: seed.key, sortOrder: (categoryIndex + 1) * 10 })),
      )
      .returning({ id: pricingCategories.id, key: pricingCategories.key });
    const categoryIds = new Map(categories.map((row) => [row.key, row.id]));
    const categoryOf = (key: string) => inserted(categoryIds, key, `pricing category ${key}`);
    await tx.insert(pricingCategoryTranslations).values(
      PRICING_SEEDS.flatMap((seed) =>
        (['en', 'ar'] as const).map((language) => ({
          categoryId: categoryOf(seed.key),
          language,
          name: seed.name[language],
        })),
      ),
    );
    const plans = PRICING_SEEDS.flatMap((seed) =>
      seed.plans.map((plan, planIndex) => ({ seed, plan, planIndex })),
    );
    // An English plan and its Arabic translation share a number.
    const groups = await drawNumbers(tx, 'pricing_translation_groups', plans.length);
    await tx.insert(pricingPlans).values(
      plans.flatMap(({ seed, plan, planIndex }, i) =>
        (['en', 'ar'] as const).map((language) => ({
          categoryId: categoryOf(seed.key),
          language,
          key: plan.key,
          name: plan.name[language],
          description: plan.description[language],
          priceType: plan.type,
          price: plan.price,
          currency: 'GBP',
          unit: plan.unit[language],
          features: plan.features[language],
          highlighted: plan.highlighted,
          sortOrder: (planIndex + 1) * 10,
          translationGroup: groups[i] ?? null,
        })),
      ),
    );
    return true;
  });
}
