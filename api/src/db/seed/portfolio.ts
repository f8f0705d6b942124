import { count, sql } from 'drizzle-orm';
import type { ImageStore } from '../../lib/image-store';
import type { EncodedImage } from '../../lib/images';
import { removeImage } from '../../lib/storage';
import { storeMediaImage } from '../../plugins/media-repository';
import type { Database } from '../client';
import { portfolioProjects } from '../schema';
import { PORTFOLIO_SEEDS } from './portfolio-content';
import { renderPosters } from './poster-images';

/** Its own lock number, so that the portfolio's seed never waits on another seed's lock. */
const PORTFOLIO_SEED_LOCK_ID = 0x706f7274;

export interface SeedPortfolioOptions {
  /** Where the images are written: the server's image store (lib/image-store.ts). */
  images: ImageStore;
}

/**
 * Inserts the portfolio's projects in both languages, each English project linked to its Arabic translation,
 * with covers and galleries drawn like the posts' posters and stored like uploads, when there is no project
 * yet; does nothing otherwise, so an editor's changes are never overwritten. A database made before the
 * portfolio was editable gets it on its next start. Returns whether it inserted anything.
 */
export async function seedPortfolio(db: Database, { images }: SeedPortfolioOptions): Promise<boolean> {
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PORTFOLIO_SEED_LOCK_ID})`);
      const [existing] = await tx.select({ n: count() }).from(portfolioProjects);
      if ((existing?.n ?? 0) > 0) return false;

      const drawn = await renderPosters(PORTFOLIO_SEEDS.flatMap((seed) => [seed.cover, ...seed.gallery]));
      let next = 0;
      // Each image in the library with its alt text in both languages, under a name that says what it is.
      const store = async (fileName: string, alt: (language: 'en' | 'ar') => string) => {
        const name = await storeMediaImage(tx, images, drawn[next++] as EncodedImage, {
          fileName,
          uploadedBy: null,
          alt: { en: alt('en'), ar: alt('ar') },
        });
        written.push(name);
        return name;
      };
      for (const [index, seed] of PORTFOLIO_SEEDS.entries()) {
        // One set of images for both languages; the alt texts are each language's own.
        const cover = await store(`${seed.text.en.slug}-cover.webp`, (l) => seed.text[l].coverAlt);
        const gallery: string[] = [];
        for (const i of seed.gallery.keys())
          gallery.push(
            await store(
              `${seed.text.en.slug}-${i + 1}.webp`,
              (l) => seed.text[l].galleryAlts[i] ?? seed.text[l].title,
            ),
          );
        const row = (language: 'en' | 'ar') => {
          const text = seed.text[language];
          return {
            language,
            slug: text.slug,
            title: text.title,
            client: text.client,
            category: seed.category,
            coverImage: cover,
            coverAlt: text.coverAlt,
            gallery: gallery.map((image, i) => ({ image, alt: text.galleryAlts[i] ?? text.title })),
            summary: text.summary,
            body: text.body,
            link: seed.link,
            seoTitle: text.seoTitle,
            seoDescription: text.seoDescription,
            sortOrder: (index + 1) * 10,
          };
        };
        const [en] = await tx
          .insert(portfolioProjects)
          .values({ ...row('en'), translationGroup: sql`nextval('portfolio_translation_groups')` })
          .returning({ group: portfolioProjects.translationGroup });
        await tx.insert(portfolioProjects).values({ ...row('ar'), translationGroup: en?.group ?? null });
      }
      return true;
    });
  } catch (err) {
    // Nothing was inserted, so the images would belong to no project.
    await Promise.all(written.map((name) => removeImage(images, name)));
    throw err;
  }
}
