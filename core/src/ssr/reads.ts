/** The page's data as the server and the browser share it; no React here (the API server imports it). */

/** An API answer as the page received it: the status and the parsed JSON body. */
export interface ReadAnswer {
  status: number;
  body: unknown;
}

/** What the page's components said about the page while the server rendered it (title, description). */
export interface PageHead {
  title?: string;
  description?: string;
}

/**
 * The key an API read is known by in the page's data: its path and its query with the parameters sorted and
 * empty ones left out, so `?language=en&page=1` and `?page=1&language=en` are one read.
 */
export function readKey(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = [...new URLSearchParams(url.slice(queryAt + 1))]
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt);
}
