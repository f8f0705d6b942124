import { apiFetch } from '../api-client/api-fetch';
import { type AsyncResult, useAsync } from '../hooks/use-async';
import type { Language } from '../i18n/language';
import type { Service } from '../types';

interface ServicesResponse {
  data?: { data?: unknown };
}

/**
 * The services of each language, asked once per page: the footer, the services grid, the home page's preview
 * and the contact form all read them, and would otherwise send the same request several times. A failed
 * request is forgotten, so asking again (retry, a later page) sends a new one.
 */
const requests = new Map<Language, Promise<Service[]>>();

async function fetchServices(language: Language): Promise<Service[]> {
  const body = await apiFetch<ServicesResponse | null>('/services', { query: { language } });
  const services = body?.data?.data;
  if (!Array.isArray(services)) throw new Error('Unexpected services response: data.data is not a list');
  return services as Service[];
}

/** GET /api/services?language=..: the services are in `data.data`. */
export function getServices(language: Language): Promise<Service[]> {
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

export type ServicesState = AsyncResult<Service[]>;

/**
 * The services in the given language (the first `limit` when given), reloaded when the language changes,
 * with `retry()` and a retry of its own when the connection comes back after a failure.
 */
export function useServices(language: Language, limit = Number.POSITIVE_INFINITY): ServicesState {
  return useAsync(`${language}:${limit}`, () =>
    getServices(language).then((services) => services.slice(0, limit)),
  );
}
