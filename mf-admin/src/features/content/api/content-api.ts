import type { Language } from '@agency/core';
import type { ContentKind, ContentMeta } from '@agency/core/content';
import { adminFetch } from '../../../lib/admin-api';

/** A group items are listed and reordered in (an FAQ category), named in the list's language. */
export interface ContentGroup {
  key: string;
  name: string;
}

export interface ContentListData<I> {
  /** The groups items are listed in (an FAQ's categories); a kind with one list per language has none. */
  categories?: ContentGroup[];
  items: I[];
}

export interface ContentApi<I extends ContentMeta> {
  list(language: Language, signal?: AbortSignal): Promise<ContentListData<I>>;
  get(id: number, signal?: AbortSignal): Promise<I>;
  create(values: Record<string, unknown>): Promise<I>;
  /** The item as GET gave it, changed, `version` included (the round trip). */
  update(item: I): Promise<I>;
  /** The new order of one group's items in one language. */
  reorder(language: Language, group: string, ids: number[]): Promise<I[]>;
  remove(id: number): Promise<void>;
}

/**
 * The editor's calls for one kind, the same for every kind: `/api/{kind}/{itemsPath}` (list, one, create,
 * change, delete; `items` for the FAQ, `plans` for pricing) and `/api/{kind}/order` (docs/api.md, "Editable
 * content").
 */
export function contentApi<I extends ContentMeta>(kind: ContentKind, itemsPath = 'items'): ContentApi<I> {
  const base = `/${kind.name}`;
  const items = `${base}/${itemsPath}`;
  return {
    async list(language, signal) {
      const body = await adminFetch<{ data?: ContentListData<I> } | null>(items, {
        query: { language },
        signal,
      });
      if (!body?.data || !Array.isArray(body.data.items)) throw new Error(`Unexpected ${kind.name} list`);
      return body.data;
    },
    async get(id, signal) {
      return (await adminFetch<{ data: I }>(`${items}/${id}`, { signal })).data;
    },
    async create(values) {
      return (await adminFetch<{ data: I }>(items, { method: 'POST', json: values })).data;
    },
    async update(item) {
      return (await adminFetch<{ data: I }>(`${items}/${item.id}`, { method: 'PUT', json: item })).data;
    },
    async reorder(language, group, ids) {
      const body = await adminFetch<{ data: I[] }>(`${base}/order`, {
        method: 'PUT',
        json: { language, category: group, ids },
      });
      return body.data;
    },
    async remove(id) {
      await adminFetch(`${items}/${id}`, { method: 'DELETE' });
    },
  };
}
