import { LANGUAGES } from '@agency/core/language';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { clientLogos, homeTexts } from '../schema';
import { CLIENT_LOGO_SEED, HOME_SEED } from './home-content';

/** Its own lock number, so that the home page's seed never waits on another seed's. */
const HOME_SEED_LOCK_ID = 0x686f6d65;

/**
 * Fills the home page's texts (a language with no row gets the texts the page showed before) and its client
 * logos (the 15 seeded SVGs in both languages, each English logo linked to its Arabic twin, when there is no
 * logo yet and the texts were seeded now, so an editor who deleted every logo does not get them back). An
 * editor's changes are never overwritten. Returns whether it inserted anything.
 */
export async function seedHome(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOME_SEED_LOCK_ID})`);
    const present = new Set(
      (await tx.select({ language: homeTexts.language }).from(homeTexts)).map((r) => r.language),
    );
    const missing = LANGUAGES.filter((language) => !present.has(language));
    if (missing.length === 0) return false;
    await tx.insert(homeTexts).values(missing.map((language) => ({ language, texts: HOME_SEED[language] })));
    const [logos] = await tx.select({ n: count() }).from(clientLogos);
    if (present.size === 0 && (logos?.n ?? 0) === 0) {
      for (const [index, logo] of CLIENT_LOGO_SEED.entries()) {
        const row = (language: 'en' | 'ar') => ({
          language,
          name: logo.name[language],
          image: logo.image,
          sortOrder: (index + 1) * 10,
        });
        const [en] = await tx
          .insert(clientLogos)
          .values({ ...row('en'), translationGroup: sql`nextval('client_logo_translation_groups')` })
          .returning({ group: clientLogos.translationGroup });
        await tx.insert(clientLogos).values({ ...row('ar'), translationGroup: en?.group ?? null });
      }
    }
    return true;
  });
}
