import { type Language, type Service, useApiRead } from '@agency/core';
import { servicePath } from '../../services/lib/service-path';

/** The service in an answer of GET /api/services/{slug} (at `data`), or null when it is not one. */
export function parseService(body: unknown): Service | null {
  const service = (body as { data?: Service | null } | null)?.data;
  return service && typeof service === 'object' && Array.isArray(service.sections) ? service : null;
}

/**
 * GET /api/services/{slug}?language=..: the service, with its sections (the page's own data when it has it). An
 * old address is answered by the service at its current one (301, followed by the browser).
 */
export function useService(slug: string, language: Language) {
  return useApiRead(servicePath(slug), { language }, parseService);
}
