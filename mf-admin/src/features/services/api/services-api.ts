import type { Language } from '@agency/core';
import type { EditableSection, EditableService } from '@agency/core/content';
import { adminFetch } from '../../../lib/admin-api';
import type { ContentApi } from '../../content/api/content-api';

/** A service as the editor's list and form know it: the shared meta fields (`translation_id`) too. */
export type ServiceItem = EditableService & { translation_id: number | null };

/** Services are one record in both languages: "its translation" is itself, once it is written in the other. */
function asItem(service: EditableService): ServiceItem {
  const other = service.languages.some((l) => l !== service.language);
  return { ...service, translation_id: other ? service.id : null };
}

/** The one group the services are listed and ordered in. */
export const SERVICES_GROUP = 'services';

/**
 * The services' editor calls (docs/api.md, "Services"): the list in the shared list's shape (one group), the
 * whole service by its page's address (`slug`; an old one is sent on to the current one, which fetch follows),
 * and the writes.
 */
export const servicesApi = {
  async list(language: Language, signal?: AbortSignal, groupName = '') {
    const body = await adminFetch<{ data: { items: EditableService[] } }>('/services/items', {
      query: { language },
      signal,
    });
    return { categories: [{ key: SERVICES_GROUP, name: groupName }], items: body.data.items.map(asItem) };
  },
  async read(slug: string, language: Language, signal?: AbortSignal): Promise<ServiceItem> {
    const body = await adminFetch<{ data: EditableService }>(`/services/${encodeURIComponent(slug)}`, {
      query: { language },
      signal,
    });
    return asItem(body.data);
  },
  async create(values: Record<string, unknown>): Promise<ServiceItem> {
    return asItem(
      (await adminFetch<{ data: EditableService }>('/services', { method: 'POST', json: values })).data,
    );
  },
  /**
   * The service at its current address `slug` as GET gave it, changed, `version` and `language` included (the
   * round trip); a new `slug` in it moves the page.
   */
  async save(
    slug: string,
    service: Omit<EditableService, 'sections'> & { sections?: EditableSection[] },
  ): Promise<ServiceItem> {
    return asItem(
      (
        await adminFetch<{ data: EditableService }>(`/services/${encodeURIComponent(slug)}`, {
          method: 'PUT',
          json: service,
        })
      ).data,
    );
  },
  async reorder(language: Language, ids: number[]): Promise<ServiceItem[]> {
    const body = await adminFetch<{ data: EditableService[] }>('/services/order', {
      method: 'PUT',
      json: { ids, language },
    });
    return body.data.map(asItem);
  },
  async remove(slug: string): Promise<void> {
    await adminFetch(`/services/${encodeURIComponent(slug)}`, { method: 'DELETE' });
  },
};

/** The list's calls in the shape the shared list takes (ContentList); `groupName` heads the one group. */
export function servicesListApi(groupName: string): ContentApi<ServiceItem> {
  let known: ServiceItem[] = [];
  const slugOf = (id: number) => known.find((s) => s.id === id)?.slug ?? '';
  return {
    async list(language, signal) {
      const data = await servicesApi.list(language, signal, groupName);
      known = data.items;
      return data;
    },
    get: async (id, signal) => servicesApi.read(slugOf(id), 'en', signal),
    create: (values) => servicesApi.create(values),
    // Hide or show from the list: the service without its sections, which then stay as they are.
    update: ({ sections: _sections, translation_id: _link, ...service }) =>
      servicesApi.save(service.slug, service),
    reorder: (language, _group, ids) => servicesApi.reorder(language, ids),
    remove: (id) => servicesApi.remove(slugOf(id)),
  };
}
