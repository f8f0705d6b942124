import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { faqCategories, faqCategoryTranslations, faqItems } from '../schema';
import { FAQ_SEEDS } from './faq-content';

/** Its own lock number, so that the FAQ's seed never waits on the services' one. */
const FAQ_SEED_LOCK_ID = 0x66617173;

/**
 * Inserts the FAQ's categories and questions in both languages, each English question linked to its Arabic
 * translation, when there is no category yet; does nothing otherwise, so an editor's changes are never
 * overwritten. A database made before the FAQ was editable gets it on its next start. Returns whether it
 * inserted anything.
 */
export async function seedFaq(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FAQ_SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(faqCategories);
    if ((existing?.n ?? 0) > 0) return false;

    for (const [categoryIndex, seed] of FAQ_SEEDS.entries()) {
      const [category] = await tx
        .insert(faqCategories)
        .values({ key: seed.key, sortOrder: (categoryIndex + 1) * 10 })
        .returning({ id: faqCategories.id });
      if (!category) throw new Error(`Seeding FAQ category ${seed.key} returned no row`);
      await tx.insert(faqCategoryTranslations).values(
        (['en', 'ar'] as const).map((language) => ({
          categoryId: category.id,
          language,
          name: seed.name[language],
        })),
      );
      for (const [itemIndex, item] of seed.items.entries()) {
        const row = (language: 'en' | 'ar') => ({
          categoryId: category.id,
          language,
          question: item.question[language],
          answer: item.answer[language],
          sortOrder: (itemIndex + 1) * 10,
        });
        const [en] = await tx
          .insert(faqItems)
          .values({ ...row('en'), translationGroup: sql`nextval('faq_translation_groups')` })
          .returning({ group: faqItems.translationGroup });
        await tx.insert(faqItems).values({ ...row('ar'), translationGroup: en?.group ?? null });
      }
    }
    return true;
  });
}
