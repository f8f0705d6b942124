import type { Language } from '@agency/core/language';
import type { Post } from '@agency/core/types';
import { and, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { posts } from '../db/schema';

export type PostRow = typeof posts.$inferSelect;

/** Who is reading: the public sees published posts whose date has come; an editor sees every post. */
export type Visibility = 'public' | 'editor';

export interface ListPostsOptions {
  /** Only posts in this language; every language when absent. */
  language?: Language;
  page: number;
  perPage: number;
  visibility: Visibility;
}

export interface PostsRepository {
  /** One page of posts, newest `published_at` first (then newest id), and how many there are in all. */
  list(options: ListPostsOptions): Promise<{ items: PostRow[]; total: number }>;
  /** The post at `slug` if the reader may see it, else null. */
  findBySlug(slug: string, visibility: Visibility): Promise<PostRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

export const POSTER_IMAGES_URL = '/storage/poster_images/';

/** The post as the API answers it (docs/api.md): snake_case, ISO dates, the image as a name and a URL. */
export function toPostJson(row: PostRow): Post & { created_at: string; updated_at: string } {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    poster_image: row.posterImage,
    poster_image_url: row.posterImage === null ? null : `${POSTER_IMAGES_URL}${row.posterImage}`,
    description: row.description,
    content: row.content,
    language: row.language,
    published_at: row.publishedAt.toISOString(),
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What the public may read. "Now" is the database's clock, not this process's, so every API process agrees
 * on the moment a post dated in the future appears.
 */
export function publicOnly(): SQL {
  return and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`)) as SQL;
}

export function createPostsRepository(db: Database): PostsRepository {
  return {
    async list({ language, page, perPage, visibility }) {
      const where = and(
        language === undefined ? undefined : eq(posts.language, language),
        visibility === 'public' ? publicOnly() : undefined,
      );
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(posts)
          .where(where)
          .orderBy(desc(posts.publishedAt), desc(posts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async findBySlug(slug, visibility) {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.slug, slug), visibility === 'public' ? publicOnly() : undefined))
        .limit(1);
      return row ?? null;
    },
  };
}

export const postsRepositoryPlugin = fp(
  async (app) => {
    app.decorate('postsRepository', createPostsRepository(app.db));
  },
  { name: 'posts-repository', dependencies: ['db'] },
);
