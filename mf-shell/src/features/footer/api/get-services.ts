import { apiFetch, type Language, type Service } from '@agency/core';
import { useEffect, useState } from 'react';

/** The footer lists at most this many services (spec section 9). */
export const FOOTER_SERVICES_LIMIT = 5;

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

/** The first `limit` services in the given language, reloaded when the language changes. */
export function useServices(language: Language, limit: number): ServicesState {
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
