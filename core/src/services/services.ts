import { useEffect, useState } from 'react';
import { apiFetch } from '../api-client/api-fetch';
import type { Language } from '../i18n/language';
import type { Service } from '../types';

interface ServicesResponse {
  data?: { data?: unknown };
}

/** GET /api/services?language=..: the services are in `data.data`. */
export async function getServices(language: Language, signal?: AbortSignal): Promise<Service[]> {
  const body = await apiFetch<ServicesResponse | null>('/services', { query: { language }, signal });
  const services = body?.data?.data;
  if (!Array.isArray(services)) throw new Error('Unexpected services response: data.data is not a list');
  return services as Service[];
}

export type ServicesState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; services: Service[] };

/**
 * The services in the given language (the first `limit` when given), reloaded when the language changes.
 * The footer, the services pages and the contact form's service list all read them this way.
 */
export function useServices(language: Language, limit = Number.POSITIVE_INFINITY): ServicesState {
  const [state, setState] = useState<ServicesState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getServices(language, controller.signal).then(
      (services) => setState({ status: 'success', services: services.slice(0, limit) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [language, limit]);
  return state;
}
