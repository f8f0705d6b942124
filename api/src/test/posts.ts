import type { Database } from '../db/client';
import { posts } from '../db/schema';
import type { PostRow } from '../plugins/posts-repository';

export type NewPost = typeof posts.$inferInsert;

let counter = 0;

/** A valid post row with unique slug and title; `overrides` wins. */
export function postValues(overrides: Partial<NewPost> = {}): NewPost {
  counter += 1;
  return {
    slug: `post-${counter}`,
    title: `Post ${counter}`,
    status: 'published',
    posterImage: null,
    description: `About post ${counter}`,
    content: `<p>Body of post ${counter}</p>`,
    language: 'en',
    publishedAt: new Date(Date.UTC(2026, 0, 1) + counter * 60_000),
    seoTitle: `SEO ${counter}`,
    seoDescription: `SEO description ${counter}`,
    ...overrides,
  };
}

/** Inserts posts straight into the database (the write API has its own tests). */
export async function insertPosts(db: Database, rows: Partial<NewPost>[]): Promise<PostRow[]> {
  if (rows.length === 0) return [];
  return db.insert(posts).values(rows.map(postValues)).returning();
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A post form as the editor sends it (multipart fields): English, published, every required field filled;
 * `fields` on top (a title and slug of the test's own, an image, another language).
 */
export function postForm<T extends object>(fields: T) {
  return {
    language: 'en',
    status: 'published',
    description: 'What it is about',
    content: '<p>Text.</p>',
    seo_title: 'SEO title',
    seo_description: 'SEO description',
    published_at: '2026-03-04',
    ...fields,
  };
}
