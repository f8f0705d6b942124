import { CONTENT_KEY } from '../rules/contact';
import { type ContentErrorKey, defineKind } from './kind';

/** The longest key and name of a category. */
export const CATEGORY_KEY_MAX = 60;
export const CATEGORY_NAME_MAX = 80;

/** A key's problem (`required` is the field's own rule): lower-case Latin letters, digits, single dashes. */
export function contentKeyProblem(key: string, max: number): ContentErrorKey | null {
  return key.length <= max && CONTENT_KEY.test(key) ? null : 'key_invalid';
}

/**
 * The key a name gives when none is chosen (`Video Editing` → `video-editing`): its Latin letters and digits,
 * lower case, words joined by dashes; empty when the name has none (an Arabic name alone), then a key must be
 * chosen.
 */
export function keyFromName(name: string, max = CATEGORY_KEY_MAX): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return key;
}

/**
 * The groups items of a list kind are listed under: the FAQ's categories (tabs on the services page) and
 * pricing's (one per service, tabs on /pricing). One record in both languages, one definition for every kind
 * that has them; the API's routes are `/api/{kind}/categories` (api/src/lib/content-categories.ts) and the
 * admin's one screen `/site/{kind}/categories`. A category's key names it for good: a rename changes its names,
 * never its key; the key is made from the English name when none is chosen.
 */
export const CATEGORY_KIND = defineKind({
  name: 'category',
  fields: {
    /** Chosen on a create (or made from `name_en`); a change keeps the key it has. */
    key: {
      type: 'text',
      maxLength: CATEGORY_KEY_MAX,
      check: (key) => contentKeyProblem(key, CATEGORY_KEY_MAX),
    },
    name_en: { type: 'text', required: true, maxLength: CATEGORY_NAME_MAX },
    name_ar: { type: 'text', required: true, maxLength: CATEGORY_NAME_MAX },
  },
});

export type CategoryField = keyof typeof CATEGORY_KIND.fields;

/** What an editor sends (POST; PUT adds `version` and keeps the key). */
export interface CategoryInput {
  key: string;
  name_en: string;
  name_ar: string;
}

/** A category as the editor reads it. */
export interface ContentCategory extends CategoryInput {
  id: number;
  /** Its place among the kind's categories (lower first). */
  position: number;
  /** How many items (FAQ questions, plans) it holds, in both languages: one that holds any is not deleted. */
  items: number;
  /** `updated_at`, sent back with a change: a stale one is answered 409 with the current category. */
  version: string;
}
