import { apiFetch, apiUrl } from '../api-client/api-fetch';
import { pageReadState } from '../api-client/api-read';
import { type AsyncResult, useAsync } from '../hooks/use-async';
import type { Language } from '../i18n/language';
import { useServerRender } from '../ssr/server-render';
import type { ServiceSummary } from '../types';

interface ServicesResponse {
  data?: { data?: unknown };
}

/**
 * The services of each language, asked once per page: the footer, the services grid, the home page's preview
 * and the contact form all read them, and would otherwise send the same request several times. A failed
 * request is forgotten, so asking again (retry, a later page) sends a new one.
 */
const requests = new Map<Language, Promise<ServiceSummary[]>>();

/** The services in an answer of GET /api/services (at `data.data`). */
export function parseServices(body: unknown): ServiceSummary[] {
  const services = (body as ServicesResponse | null)?.data?.data;
  if (!Array.isArray(services)) throw new Error('Unexpected services response: data.data is not a list');
  return services as ServiceSummary[];
}

async function fetchServices(language: Language): Promise<ServiceSummary[]> {
  return parseServices(await apiFetch<unknown>('/services', { query: { language } }));
}

/** GET /api/services?language=..: the services are in `data.data`. */
export function getServices(language: Language): Promise<ServiceSummary[]> {
  let request = requests.get(language);
  if (!request) {
    request = fetchServices(language);
    requests.set(language, request);
    request.catch(() => requests.delete(language));
  }
  return request;
}

/** Drops the kept answers (tests start each case from the network). */
export function forgetServices(): void {
  requests.clear();
}

export type ServicesState = AsyncResult<ServiceSummary[]>;

/**
 * The services in the given language (the first `limit` when given), reloaded when the language changes,
 * with `retry()` and a retry of its own when the connection comes back after a failure.
 */
export function useServices(language: Language, limit = Number.POSITIVE_INFINITY): ServicesState {
  const server = useServerRender();
  return useAsync(
    `${language}:${limit}`,
    () => getServices(language).then((services) => services.slice(0, limit)),
    () => {
      // The services the page came with: shown at once, and kept for the page's other readers.
      const state = pageReadState(server, apiUrl('/services', { language }), parseServices);
      if (state?.status !== 'success') return state;
      if (!server && !requests.has(language)) requests.set(language, Promise.resolve(state.data));
      return { status: 'success', data: state.data.slice(0, limit) };
    },
  );
}
