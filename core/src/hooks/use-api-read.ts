import { apiFetch, apiUrl, type QueryValue } from '../api-client/api-fetch';
import { pageReadState } from '../api-client/api-read';
import { useServerRender } from '../ssr/server-render';
import { type AsyncResult, useAsync } from './use-async';

/**
 * A GET of the site's API, turned into what the page shows by `parse` (which throws on an answer it cannot
 * use). When the answer came with the page (the server rendered it), the first render shows it at once, on
 * the server and in the browser alike: no second request, no spinner. Otherwise it is fetched, and fetched
 * again when the URL changes; see useAsync for retry and the return of the connection.
 */
export function useApiRead<T>(
  path: string,
  query: Record<string, QueryValue>,
  parse: (body: unknown) => T,
): AsyncResult<T> {
  const url = apiUrl(path, query);
  const server = useServerRender();
  return useAsync(
    url,
    (signal) => apiFetch<unknown>(path, { query, signal }).then(parse),
    () => pageReadState(server, url, parse),
  );
}
