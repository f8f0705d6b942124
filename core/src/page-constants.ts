/** Constants of the public pages that the browser's code and the server's page reads share. */

/** The public blog shows 9 posts a page (spec section 9). */
export const POSTS_PER_PAGE = 9;
/** Posts the home page asks for; it shows the first three of the reader's language (spec section 7). */
export const TEASER_REQUEST_SIZE = 10;

/** `?page=N` of the blog: a positive whole number, anything else is the first page. */
export function blogPage(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `?q=` of the blog, as the page searches it: trimmed, undefined when empty (the list). A query the API
 * refuses (too long, a control character) is asked all the same: its 422 says why (core's searchQueryProblem).
 */
export function blogQuery(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}
