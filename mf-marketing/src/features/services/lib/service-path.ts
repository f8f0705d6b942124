/** A service's page, by its address (`slug`, percent-encoded: an Arabic one too), never by its key. */
export function servicePath(slug: string): string {
  return `/services/${encodeURIComponent(slug)}`;
}
