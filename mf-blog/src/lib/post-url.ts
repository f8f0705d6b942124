/** The address of a post: `/blog/{slug}`, the slug percent-encoded (Arabic slugs included). */
export const postUrl = (slug: string): string => `/blog/${encodeURIComponent(slug)}`;
