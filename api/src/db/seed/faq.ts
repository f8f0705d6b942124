import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { faqCategories, faqCategoryTranslations, faqItems } from '../schema';
import { drawNumbers, inserted } from './batch';
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

    // Each kind of row in one statement: one round trip each, not one per row.
    const categories = await tx
      .insert(faqCategories)
      .values(
        FAQ_SEEDS.map((seed, categoryIndex) => ({ key: seed.key, sortOrder: (categoryIndex + 1) * 10 })),
      )
      .returning({ id: faqCategories.id, key: faqCategories.key });
    const categoryIds = new Map(categories.map((row) => [row.key, row.id]));
    const categoryOf = (key: string) => inserted(categoryIds, key, `FAQ category ${key}`);
    await tx.insert(faqCategoryTranslations).values(
      FAQ_SEEDS.flatMap((seed) =>
        (['en', 'ar'] as const).map((language) => ({
          categoryId: categoryOf(seed.key),
          language,
          name: seed.name[language],
        })),
      ),
    );
    const items = FAQ_SEEDS.flatMap((seed) =>
      seed.items.map((item, itemIndex) => ({ seed, item, itemIndex })),
    );
    // An English question and its Arabic translation share a number.
    const groups = await drawNumbers(tx, 'faq_translation_groups', items.length);
    await tx.insert(faqItems).values(
      items.flatMap(({ seed, item, itemIndex }, i) =>
        (['en', 'ar'] as const).map((language) => ({
          categoryId: categoryOf(seed.key),
          language,
          question: item.question[language],
          answer: item.answer[language],
          sortOrder: (itemIndex + 1) * 10,
          translationGroup: groups[i] ?? null,
        })),
      ),
    );
    return true;
  });
}
