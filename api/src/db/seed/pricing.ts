import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { pricingCategories, pricingCategoryTranslations, pricingPlans } from '../schema';
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

    for (const [categoryIndex, seed] of PRICING_SEEDS.entries()) {
      const [category] = await tx
        .insert(pricingCategories)
        .values({ key: seed.key, sortOrder: (categoryIndex + 1) * 10 })
        .returning({ id: pricingCategories.id });
      if (!category) throw new Error(`Seeding pricing category ${seed.key} returned no row`);
      await tx.insert(pricingCategoryTranslations).values(
        (['en', 'ar'] as const).map((language) => ({
          categoryId: category.id,
          language,
          name: seed.name[language],
        })),
      );
      for (const [planIndex, plan] of seed.plans.entries()) {
        const row = (language: 'en' | 'ar') => ({
          categoryId: category.id,
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
        });
        const [en] = await tx
          .insert(pricingPlans)
          .values({ ...row('en'), translationGroup: sql`nextval('pricing_translation_groups')` })
          .returning({ group: pricingPlans.translationGroup });
        await tx.insert(pricingPlans).values({ ...row('ar'), translationGroup: en?.group ?? null });
      }
    }
    return true;
  });
}
