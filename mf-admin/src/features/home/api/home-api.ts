import type { Language } from '@agency/core';
import {
  CLIENT_LOGO_KIND,
  type ClientLogo,
  type ContentMeta,
  HOME_KIND,
  type HomeTextsItem,
} from '@agency/core/content';
import { adminFetch } from '../../../lib/admin-api';
import { type ContentApi, contentApi } from '../../content/api/content-api';

/** The client logos' editor calls: the shared ones (`/api/client-logos/items`, `/api/client-logos/order`). */
export const logosApi = contentApi<ClientLogo>(CLIENT_LOGO_KIND);

/**
 * The home page's texts as the shared form edits them. They are one object per language, not a list: the
 * form's item id names the language (1 English, 2 Arabic), so each language keeps its own unsent edits.
 */
export type HomeFormItem = HomeTextsItem & ContentMeta;

export const HOME_IDS: Record<Language, number> = { en: 1, ar: 2 };

const languageOfId = (id: number): Language => (id === HOME_IDS.ar ? 'ar' : 'en');

function asItem(texts: HomeTextsItem): HomeFormItem {
  return { ...texts, id: HOME_IDS[texts.language], translation_id: null, position: 0 };
}

/** GET /api/home/edit?language= and PUT /api/home, shaped as the shared form's calls. */
export const homeApi: ContentApi<HomeFormItem> = {
  async list() {
    throw new Error('The home page’s texts are not a list');
  },
  async get(id, signal) {
    const body = await adminFetch<{ data: HomeTextsItem }>(`/${HOME_KIND.name}/edit`, {
      query: { language: languageOfId(id) },
      signal,
    });
    return asItem(body.data);
  },
  async create() {
    throw new Error('The home page’s texts are not created');
  },
  async update(item) {
    const { id: _id, translation_id: _translation, position: _position, ...texts } = item;
    const body = await adminFetch<{ data: HomeTextsItem }>(`/${HOME_KIND.name}`, {
      method: 'PUT',
      json: texts,
    });
    return asItem(body.data);
  },
  async reorder() {
    throw new Error('The home page’s texts are not a list');
  },
  async remove() {
    throw new Error('The home page’s texts are not deleted');
  },
};
