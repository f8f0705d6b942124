import { type Language, type Service, useApiRead } from '@agency/core';

/** The service in an answer of GET /api/services/{key} (at `data`), or null when it is not one. */
export function parseService(body: unknown): Service | null {
  const service = (body as { data?: Service | null } | null)?.data;
  return service && typeof service === 'object' && Array.isArray(service.sections) ? service : null;
}

/** GET /api/services/{key}?language=..: the service, with its sections (the page's own data when it has it). */
export function useService(key: string, language: Language) {
  return useApiRead(`/services/${encodeURIComponent(key)}`, { language }, parseService);
}
