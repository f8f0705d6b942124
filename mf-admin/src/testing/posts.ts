import type { Paginated, Post, PostSummary } from '@agency/core';

let nextId = 1;

/** A post as the API returns it. */
export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    status: 'published',
    poster_image: null,
    poster_image_url: null,
    description: 'A description',
    content: '<p>Body</p>',
    language: 'en',
    published_at: '2026-11-21T00:00:00.000Z',
    seo_title: 'SEO title',
    seo_description: 'SEO description',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T10:11:12.345Z',
    ...overrides,
  };
}

/** GET /api/posts's answer: `{ data: paginator }`, whose posts carry no content (like the API's). */
export function postsPage(posts: Post[], currentPage = 1, lastPage = 1): { data: Paginated<PostSummary> } {
  return {
    data: {
      data: posts.map(({ content: _content, ...summary }) => summary),
      current_page: currentPage,
      last_page: lastPage,
      per_page: 10,
      total: posts.length,
      links: [],
    },
  };
}
