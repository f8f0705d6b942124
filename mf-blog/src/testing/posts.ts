import type { Language, Paginated, PaginationLink, Post, PostSummary } from '@agency/core';
import { vi } from 'vitest';

/** A published post as the API returns it; `overrides` change any field. */
export function makePost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    slug: `post-${id}`,
    title: `Post number ${id}`,
    status: 'published',
    poster_image: `poster-${id}.webp`,
    poster_image_url: `/storage/poster_images/poster-${id}.webp`,
    description: `What post ${id} is about.`,
    content: `<p>Body of post ${id}.</p>`,
    language: 'en',
    published_at: '2026-03-05T00:00:00.000Z',
    seo_title: `SEO title ${id}`,
    seo_description: `SEO description ${id}`,
    ...overrides,
  };
}

/** Laravel's links for page `current` of `last`, with urls that carry only `page` (as Laravel writes them). */
export function laravelLinks(
  current: number,
  last: number,
  base = 'http://localhost/api/posts',
): PaginationLink[] {
  const url = (page: number) => `${base}?page=${page}`;
  return [
    { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
    ...Array.from({ length: last }, (_, i) => ({
      url: url(i + 1),
      label: String(i + 1),
      active: i + 1 === current,
    })),
    { url: current < last ? url(current + 1) : null, label: 'Next &raquo;', active: false },
  ];
}

/** The body of GET /api/posts for one page: like the API's, its posts carry no content. */
export function postsPage(
  posts: Post[],
  { current = 1, last = 1, links }: { current?: number; last?: number; links?: PaginationLink[] } = {},
): { data: Paginated<PostSummary> } {
  return {
    data: {
      data: posts.map(({ content: _content, ...summary }) => summary),
      current_page: current,
      last_page: last,
      per_page: 9,
      total: posts.length * last,
      links: links ?? laravelLinks(current, last),
    },
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch; `respond` gets the requested URL. Returns the spy to inspect the calls. */
export function stubFetch(respond: (url: string) => Response | Promise<Response>) {
  const spy = vi.fn(async (input: RequestInfo | URL) => respond(String(input)));
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The query of the n-th fetch call, as a plain object. */
export function requestedQuery(spy: ReturnType<typeof stubFetch>, n = 0): Record<string, string> {
  const url = new URL(String(spy.mock.calls[n]?.[0]), 'http://localhost');
  return Object.fromEntries(url.searchParams);
}

export function arabicPost(id: number, overrides: Partial<Post> = {}): Post {
  return makePost(id, {
    language: 'ar' as Language,
    slug: `maqala-${id}`,
    title: `المقالة رقم ${id}`,
    description: `عمّ تتحدث المقالة ${id}.`,
    content: `<p>نص المقالة ${id}.</p>`,
    ...overrides,
  });
}
