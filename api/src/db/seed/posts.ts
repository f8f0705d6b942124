import type { Language } from '@agency/core/language';
import { slugify } from '@agency/core/rules';
import { count, eq, sql } from 'drizzle-orm';
import type { ImageStore } from '../../lib/image-store';
import type { EncodedImage } from '../../lib/images';
import { removeImage } from '../../lib/storage';
import { storeMediaImage } from '../../plugins/media-repository';
import { revisionOf } from '../../plugins/posts-repository';
import type { Database } from '../client';
import { postRevisions, posts } from '../schema';
import { renderPosters } from './poster-images';
import { AR_POSTS } from './posts-ar';
import { EN_POSTS } from './posts-en';

export interface PostSeed {
  title: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  /** HTML within the sanitizer's allow-list (what the editor's toolbar makes). */
  content: string;
  /** Days before the seed runs; negative for a post dated in the future. */
  daysAgo: number;
  /** Published unless said otherwise. */
  status?: 'draft' | 'published';
  /**
   * The story the post tells: a post of the other language with the same story is its translation (written
   * for its readers, not line by line), and the seed links the two.
   */
  story?: string;
}

export const POST_SEEDS: Readonly<Record<Language, readonly PostSeed[]>> = { en: EN_POSTS, ar: AR_POSTS };

/** Not the services' lock: the two seeds may run at the same time from different processes. */
const SEED_LOCK_ID = 0x706f737473;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedPostsOptions {
  /** Where the posters are written: the server's image store (lib/image-store.ts). */
  images: ImageStore;
  /** The seed's "today"; posts are dated relative to it. */
  now?: Date;
}

/**
 * Inserts the sample posts of both languages, each with a generated poster, when the posts table is empty,
 * and does nothing otherwise. Dates are relative to `now` at 09:00 UTC, so the newest post is a few days old
 * whenever the site is first started. Returns whether it inserted anything.
 */
export async function seedPosts(
  db: Database,
  { images, now = new Date() }: SeedPostsOptions,
): Promise<boolean> {
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const [existing] = await tx.select({ n: count() }).from(posts);
      if ((existing?.n ?? 0) > 0) return false;

      const morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9);
      const rows: (typeof posts.$inferInsert)[] = [];
      const stories = new Map<string, string[]>();
      const posters = await renderPosters([...POST_SEEDS.en, ...POST_SEEDS.ar].map((_, i) => i));
      let poster = 0;
      for (const language of ['en', 'ar'] as const) {
        for (const seed of POST_SEEDS[language]) {
          const name = await storeMediaImage(tx, images, posters[poster++] as EncodedImage, {
            fileName: `${slugify(seed.title)}.webp`,
            uploadedBy: null,
          });
          written.push(name);
          const publishedAt = new Date(morning - seed.daysAgo * DAY_MS);
          const slug = slugify(seed.title);
          if (seed.story) stories.set(seed.story, [...(stories.get(seed.story) ?? []), slug]);
          rows.push({
            slug,
            title: seed.title,
            status: seed.status ?? 'published',
            posterImage: name,
            description: seed.description,
            content: seed.content,
            language,
            publishedAt,
            seoTitle: seed.seoTitle,
            seoDescription: seed.seoDescription,
            // Written as if each post had been created on its date and not edited since.
            createdAt: seed.daysAgo > 0 ? publishedAt : now,
            updatedAt: seed.daysAgo > 0 ? publishedAt : now,
          });
        }
      }
      const inserted = await tx.insert(posts).values(rows).returning();
      // Each post's create is its first revision, as an editor's is.
      await tx.insert(postRevisions).values(inserted.map((post) => revisionOf(post, post.authorId)));
      // The posts that tell one story in both languages are linked as each other's translations.
      for (const [first, second] of stories.values()) {
        if (first === undefined || second === undefined) continue;
        const [linked] = await tx
          .update(posts)
          .set({ translationGroup: sql`nextval('post_translation_groups')` })
          .where(eq(posts.slug, first))
          .returning({ group: posts.translationGroup });
        await tx
          .update(posts)
          .set({ translationGroup: linked?.group ?? null })
          .where(eq(posts.slug, second));
      }
      return true;
    });
  } catch (err) {
    // Nothing was inserted, so the posters would belong to no post.
    await Promise.all(written.map((name) => removeImage(images, name)));
    throw err;
  }
}
