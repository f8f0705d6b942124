import type { Language } from '@agency/core/language';
import type { Post, PostSummary } from '@agency/core/types';
import { and, count, desc, eq, getTableColumns, gt, lte, min, ne, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { posts } from '../db/schema';

export type PostRow = typeof posts.$inferSelect;
/** A post as a list carries it: everything but the content, which no card shows. */
export type PostSummaryRow = Omit<PostRow, 'content'>;

/** Who is reading: the public sees published posts whose date has come; an editor sees every post. */
export type Visibility = 'public' | 'editor';

export interface ListPostsOptions {
  /** Only posts in this language; every language when absent. */
  language?: Language;
  page: number;
  perPage: number;
  visibility: Visibility;
}

/** What an editor writes; the database sets id, created_at and updated_at. */
export type PostValues = Pick<
  typeof posts.$inferInsert,
  | 'slug'
  | 'title'
  | 'status'
  | 'posterImage'
  | 'description'
  | 'content'
  | 'language'
  | 'publishedAt'
  | 'seoTitle'
  | 'seoDescription'
>;

/** An update either saved the post, found it changed since the editor loaded it, or found it gone. */
export type UpdateResult = { saved: PostRow } | { conflict: PostRow } | { missing: true };

/** Thrown when a slug is taken between the check and the write (two editors saving at once). */
export class SlugTakenError extends Error {
  constructor() {
    super('slug_taken');
    this.name = 'SlugTakenError';
  }
}

export interface PostsRepository {
  /** One page of posts, newest `published_at` first (then newest id), and how many there are in all. */
  list(options: ListPostsOptions): Promise<{ items: PostSummaryRow[]; total: number }>;
  /**
   * When the next published post dated in the future appears to the public (null: none is waiting), with
   * the database's clock at the time of asking, so a caller can measure the wait on its own clock.
   */
  nextPublication(): Promise<{ next: Date | null; now: Date }>;
  /** The post at `slug` if the reader may see it, else null. */
  findBySlug(slug: string, visibility: Visibility): Promise<PostRow | null>;
  /** Whether another post (not `exceptId`) has this slug. */
  slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  create(values: PostValues): Promise<PostRow>;
  /** Saves `values` over `current` only if the post is still at its `updatedAt` version (no lost updates). */
  update(current: PostRow, values: PostValues): Promise<UpdateResult>;
  /** Deletes and returns the post, or null when there is none. */
  deleteById(id: number): Promise<PostRow | null>;
  deleteBySlug(slug: string): Promise<PostRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

export const POSTER_IMAGES_URL = '/storage/poster_images/';

type Dated = { created_at: string; updated_at: string };

/** The post as the API answers it (docs/api.md): snake_case, ISO dates, the image as a name and a URL. */
export function toPostJson(row: PostRow): Post & Dated {
  return { ...toPostSummaryJson(row), content: row.content };
}

/** A post in a list: the same fields without the content. */
export function toPostSummaryJson(row: PostSummaryRow): PostSummary & Dated {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    poster_image: row.posterImage,
    poster_image_url: row.posterImage === null ? null : `${POSTER_IMAGES_URL}${row.posterImage}`,
    description: row.description,
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

const { content: _content, ...summaryColumns } = getTableColumns(posts);

export function createPostsRepository(db: Database): PostsRepository {
  return {
    async list({ language, page, perPage, visibility }) {
      const where = and(
        language === undefined ? undefined : eq(posts.language, language),
        visibility === 'public' ? publicOnly() : undefined,
      );
      const [items, totals] = await Promise.all([
        db
          .select(summaryColumns)
          .from(posts)
          .where(where)
          .orderBy(desc(posts.publishedAt), desc(posts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async nextPublication() {
      const [row] = await db
        .select({ next: min(posts.publishedAt), now: sql<string>`now()` })
        .from(posts)
        .where(and(eq(posts.status, 'published'), gt(posts.publishedAt, sql`now()`)));
      return { next: row?.next ?? null, now: new Date(row?.now ?? Date.now()) };
    },

    async findBySlug(slug, visibility) {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.slug, slug), visibility === 'public' ? publicOnly() : undefined))
        .limit(1);
      return row ?? null;
    },

    async slugTaken(slug, exceptId) {
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.slug, slug), exceptId === undefined ? undefined : ne(posts.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    async create(values) {
      try {
        const [row] = await db.insert(posts).values(values).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      } catch (err) {
        throw isUniqueViolation(err) ? new SlugTakenError() : err;
      }
    },

    async update(loaded, values) {
      const { id, updatedAt: version } = loaded;
      let saved: PostRow | undefined;
      try {
        [saved] = await db
          .update(posts)
          .set({
            ...values,
            // Strictly later than the version it replaces, even within one millisecond, so that every saved
            // state has its own version.
            updatedAt: sql`GREATEST(date_trunc('milliseconds', clock_timestamp()), ${posts.updatedAt} + interval '1 millisecond')`,
          })
          .where(and(eq(posts.id, id), eq(posts.updatedAt, version)))
          .returning();
      } catch (err) {
        throw isUniqueViolation(err) ? new SlugTakenError() : err;
      }
      if (saved) return { saved };
      const [current] = await db.select().from(posts).where(eq(posts.id, id));
      return current ? { conflict: current } : { missing: true };
    },

    async deleteById(id) {
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning();
      return row ?? null;
    },

    async deleteBySlug(slug) {
      const [row] = await db.delete(posts).where(eq(posts.slug, slug)).returning();
      return row ?? null;
    },
  };
}

/** PostgreSQL's unique_violation, from either driver (drizzle may wrap the driver's error). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export const postsRepositoryPlugin = fp(
  async (app) => {
    app.decorate('postsRepository', createPostsRepository(app.db));
  },
  { name: 'posts-repository', dependencies: ['db'] },
);
