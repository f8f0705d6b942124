import type { CategoryInput, ContentCategory } from '@agency/core/content';
import { adminFetch } from '../../../lib/admin-api';

/** The kinds whose items are grouped in editable categories. */
export type CategorisedKind = 'faq' | 'pricing';

export interface CategoryApi {
  list(signal?: AbortSignal): Promise<ContentCategory[]>;
  create(values: CategoryInput): Promise<ContentCategory>;
  /** The category as listed, renamed, `version` included; the key stays. */
  update(category: ContentCategory): Promise<ContentCategory>;
  reorder(ids: number[]): Promise<ContentCategory[]>;
  /** Refused with 409 `category_not_empty` (and `items`) while it holds items. */
  remove(id: number): Promise<void>;
}

/** The editor's calls for one kind's categories: `/api/{kind}/categories` (docs/api.md, "Categories"). */
export function categoryApi(kind: CategorisedKind): CategoryApi {
  const base = `/${kind}/categories`;
  return {
    async list(signal) {
      const body = await adminFetch<{ data?: ContentCategory[] } | null>(base, { signal });
      if (!Array.isArray(body?.data)) throw new Error(`Unexpected ${kind} categories`);
      return body.data;
    },
    async create(values) {
      return (await adminFetch<{ data: ContentCategory }>(base, { method: 'POST', json: values })).data;
    },
    async update(category) {
      return (
        await adminFetch<{ data: ContentCategory }>(`${base}/${category.id}`, {
          method: 'PUT',
          json: category,
        })
      ).data;
    },
    async reorder(ids) {
      return (
        await adminFetch<{ data: ContentCategory[] }>(`${base}/order`, { method: 'PUT', json: { ids } })
      ).data;
    },
    async remove(id) {
      await adminFetch(`${base}/${id}`, { method: 'DELETE' });
    },
  };
}
