import type { Language } from '../i18n/constants';
import { CONTENT_KEY } from '../rules/contact';
import { STORED_IMAGES_PATH } from '../rules/image';
import { MAX_SLUG_LENGTH } from '../rules/slug';
import type { ServiceSection } from '../types';
import { type ContentErrors, defineKind, validateContent } from './kind';

/**
 * Path segments the service routes use for themselves (`/api/services/items`, `/order`, the admin's `new`):
 * never a service's address.
 */
export const RESERVED_SERVICE_ADDRESSES: readonly string[] = ['items', 'order', 'new'];

/**
 * A service: its fields in one language, and its page's sections. The key names it for good (the contact
 * form's choice, the messages in the inbox): renaming a service changes its name, never its key. Its page's
 * address (`slug`: `/services/{slug}`, the key when it is created) may change: the old one then answers 301 to
 * the new one, as a renamed post's does. The address, the image, the order, whether it is hidden and the
 * sections' layout and order are the same in both languages; names, texts and the image's alt text are per
 * language.
 */
export const SERVICE_KIND = defineKind({
  name: 'services',
  fields: {
    /**
     * The page's address (`/services/{slug}`): the slug rules (rules/slug.ts, Arabic letters too), one per
     * service, and none of the routes' own words.
     */
    slug: {
      type: 'slug',
      required: true,
      maxLength: MAX_SLUG_LENGTH,
      check: (value) => (RESERVED_SERVICE_ADDRESSES.includes(value) ? 'slug_invalid' : null),
    },
    name: { type: 'text', required: true, maxLength: 120, translated: true },
    /** The card's summary (the spec shows 250 characters of it). */
    description: { type: 'text', required: true, maxLength: 1000, translated: true },
    /** What the image shows, for a screen reader; empty for a decorative image. */
    image_alt: { type: 'text', maxLength: 300, translated: true },
    /** Hidden: kept and editable, but out of the public lists, and its page is 404 for the public. */
    hidden: { type: 'boolean' },
  },
});

/** One section of a service page: its texts in one language (the layout is a content section's only). */
export const SERVICE_SECTION_KIND = defineKind({
  name: 'service_sections',
  fields: {
    title: { type: 'text', required: true, maxLength: 200, translated: true },
    description: { type: 'text', required: true, maxLength: 2000, translated: true },
  },
});

/** A point of a content section's list. */
export const SERVICE_ITEM_KIND = defineKind({
  name: 'service_section_items',
  fields: { text: { type: 'text', required: true, maxLength: 300, translated: true } },
});

export const SECTION_LAYOUTS = ['left', 'right'] as const;
export const MAX_SECTIONS = 20;
export const MAX_SECTION_ITEMS = 30;
export const MAX_SERVICE_KEY_LENGTH = 60;

/** Where an editor's image may come from: one the upload route stored, or one of the site's own pictures. */
const IMAGE_PATH = new RegExp(
  `^(?:${STORED_IMAGES_PATH.replace(/\//g, '\\/')}[0-9a-f]{32}\\.webp|\\/mf\\/mf-marketing\\/images\\/services\\/[a-z0-9-]{1,100}\\.svg)$`,
);

/** A key: lower-case Latin letters, digits and single dashes, starting with a letter (`web-development`). */
export function serviceKeyProblem(key: unknown): 'required' | 'key_invalid' | null {
  if (typeof key !== 'string' || key.trim() === '') return 'required';
  if (key.length > MAX_SERVICE_KEY_LENGTH || !CONTENT_KEY.test(key)) return 'key_invalid';
  return null;
}

/** The values an editor sends for a service in one language (PUT adds `version`). */
export interface ServiceInput {
  /** The page's address; absent: the key (a new service) or the current one (a change). */
  slug?: string;
  name: string;
  description: string;
  image_path: string;
  image_alt: string;
  hidden: boolean;
  /** The page's sections in order; a section without an id is new. Absent in a change: left as they are. */
  sections?: EditableSection[];
}

/** A section as the editor sends it: an id when it exists already (a new one has none). */
export type EditableSection =
  | { id?: number | null; type: 'hero'; data: { title: string; description: string } }
  | {
      id?: number | null;
      type: 'content';
      data: { title: string; description: string; items: string[]; layout: 'left' | 'right' };
    };

/** A service as an editor's read gives it (`GET /api/services/{key}` with a session), and a change takes back. */
export interface EditableService {
  id: number;
  key: string;
  /** The page's address: `/services/{slug}`. */
  slug: string;
  language: Language;
  /** `updated_at` of the service: any save, in either language, makes a new one. */
  version: string;
  position: number;
  name: string;
  description: string;
  image_path: string;
  image_alt: string;
  hidden: boolean;
  /** Whether the service has its texts in this language yet (false: the form starts empty, to translate). */
  translated: boolean;
  /** The languages it is written in. */
  languages: Language[];
  sections: ServiceSection[];
}

/**
 * Checks a service in one language: its own fields by SERVICE_KIND, its image, then each section by
 * SERVICE_SECTION_KIND and each point by SERVICE_ITEM_KIND, with keys named by their path
 * (`sections.2.title`, `sections.2.items.0`), so the form puts each message by its box. `sections` absent is
 * fine (a change that leaves them as they are).
 */
export function validateService(values: Readonly<Record<string, unknown>>): ContentErrors {
  const errors: ContentErrors = validateContent(SERVICE_KIND, values);
  const image = values.image_path;
  if (typeof image !== 'string' || image === '') errors.image_path = ['required'];
  else if (!IMAGE_PATH.test(image)) errors.image_path = ['invalid_choice'];
  const sections = values.sections;
  if (sections === undefined) return errors;
  if (!Array.isArray(sections) || sections.length > MAX_SECTIONS) {
    errors.sections = ['invalid_type'];
    return errors;
  }
  let heroes = 0;
  sections.forEach((section: unknown, index) => {
    const at = `sections.${index}`;
    if (!section || typeof section !== 'object') {
      errors[at] = ['invalid_type'];
      return;
    }
    const { id, type, data } = section as { id?: unknown; type?: unknown; data?: unknown };
    if (id !== undefined && id !== null && !(Number.isSafeInteger(id) && (id as number) > 0))
      errors[`${at}.id`] = ['invalid_type'];
    // One hero at most, and first: it is the page's top.
    if (type === 'hero') heroes += 1;
    if ((type !== 'hero' && type !== 'content') || (type === 'hero' && (index !== 0 || heroes > 1))) {
      errors[`${at}.type`] = ['invalid_choice'];
      return;
    }
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    for (const [name, keys] of Object.entries(validateContent(SERVICE_SECTION_KIND, fields)))
      if (keys) errors[`${at}.${name}`] = keys;
    if (type === 'hero') return;
    if (!SECTION_LAYOUTS.includes(fields.layout as 'left')) errors[`${at}.layout`] = ['invalid_choice'];
    const items = fields.items;
    if (!Array.isArray(items) || items.length > MAX_SECTION_ITEMS) {
      errors[`${at}.items`] = ['invalid_type'];
      return;
    }
    items.forEach((item: unknown, n) => {
      const keys = validateContent(SERVICE_ITEM_KIND, { text: item }).text;
      if (keys) errors[`${at}.items.${n}`] = keys;
    });
  });
  return errors;
}
