/** The blog's list, in the page's language. */
export const BLOG_PATH = '/blog';

/** The address of a post: `/blog/{slug}`, the slug percent-encoded (Arabic slugs included). */
export const postUrl = (slug: string): string => `${BLOG_PATH}/${encodeURIComponent(slug)}`;
