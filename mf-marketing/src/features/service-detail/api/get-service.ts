import { apiFetch, type Language, type Service } from '@agency/core';

/** GET /api/services/{key}?language=..: the service, with its sections, at `data`. */
export async function getService(
  key: string,
  language: Language,
  signal?: AbortSignal,
): Promise<Service | null> {
  const body = await apiFetch<{ data?: Service | null } | null>(`/services/${encodeURIComponent(key)}`, {
    query: { language },
    signal,
  });
  const service = body?.data;
  return service && typeof service === 'object' && Array.isArray(service.sections) ? service : null;
}
