import type { Language } from '../i18n/constants';
import { isBlankHtml } from '../rules/post';
import { slugProblem } from '../rules/slug';

/**
 * One definition per editable kind of content (FAQ items now; pricing, portfolio, services and settings next),
 * in the manner of Payload's collection configs: the fields, their types and rules, which are translated and
 * which are rich text. The API validates with it, the admin form draws and checks its fields with it, so the
 * client and the server cannot disagree. See docs/architecture.md ("Editable content").
 */
export type FieldType =
  | 'text'
  | 'rich_text'
  | 'choice'
  | 'boolean'
  | 'number'
  | 'lines'
  | 'slug'
  | 'url'
  | 'image'
  | 'gallery';

/**
 * An image field's value: a stored image's URL as the upload route gives it (`/storage/poster_images/{name}`,
 * through the one pipeline: byte check, re-encode, widths). A gallery is a list of `{ image, alt }`.
 */
export const STORED_IMAGE_URL = /^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/;

/** One image of a gallery field, with its alt text in the item's language. */
export interface GalleryImage {
  image: string;
  alt: string;
}

/** The longest alt text of a gallery's image. */
export const GALLERY_ALT_MAX = 300;

/**
 * Where an `image` field with `siteImages` may point: a stored image (uploaded through POST /api/upload-image,
 * which checks its bytes and re-encodes it to WebP; served at fixed widths too), or one of the site's own
 * pictures shipped with a micro-frontend (`/mf/{app}/images/...`, such as the SVG client logos a new site is
 * seeded with). Nothing else: no outside address, no uploaded SVG.
 */
export function isImageRef(value: string): boolean {
  return (
    STORED_IMAGE_URL.test(value) ||
    /^\/mf\/mf-[a-z]+\/images\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|png|webp)$/.test(value)
  );
}

export interface FieldDef {
  type: FieldType;
  /** A value must be given (for rich text: some text, not an empty paragraph). */
  required?: boolean;
  /** The longest value, in characters (rich text: of its HTML; lines: of each line). */
  maxLength?: number;
  /** A number's smallest and largest value (whole numbers only). */
  min?: number;
  max?: number;
  /** The most lines a `lines` field holds (a plan's features). */
  maxLines?: number;
  /**
   * Differs per language (a question), rather than being shared by an item and its translation (a category).
   * Every item is stored per language anyway; this says what the form fills from the other language.
   */
  translated?: boolean;
  /**
   * A rule of the field's own beyond the shared ones (an e-mail address, a phone number, a URL), in the manner
   * of Payload's `validate`: asked with the trimmed text once it is given and within `maxLength`, and with all
   * the values (a phone number is read in the chosen country). The key of the problem, or null.
   */
  check?: (value: string, values: Readonly<Record<string, unknown>>) => ContentErrorKey | null;
  /** A gallery's most images. */
  maxItems?: number;
  /** A text drawn as a box of several lines (a paragraph) in the admin form. */
  multiline?: boolean;
  /** An image field that may also be one of the site's own pictures (isImageRef), not only a stored one. */
  siteImages?: boolean;
}

export interface ContentKind<F extends string = string> {
  /** The kind's name: its API path (`/api/{name}`), cache tag, draft key and translation namespace. */
  name: string;
  fields: Readonly<Record<F, FieldDef>>;
  /**
   * Rules across fields, run after each field's own on the fields without an error (a price is required unless
   * the plan is quote-based).
   */
  check?: (values: Readonly<Record<string, unknown>>) => ContentErrors;
}

/** Defines a kind, keeping its field names as a type. */
export function defineKind<const F extends string>(kind: ContentKind<F>): ContentKind<F> {
  return kind;
}

/** The keys every kind's field errors use; the admin translates them (admin.json, `content.errors`). */
export type ContentErrorKey =
  | 'required'
  | 'too_long'
  | 'too_many_lines'
  | 'out_of_range'
  | 'invalid_choice'
  | 'invalid_type'
  | 'language_invalid'
  | 'version_required'
  | 'too_deep'
  | 'order_invalid'
  | 'translation_taken'
  | 'translation_invalid'
  /** A key (a service's) that is not lower-case letters, digits and dashes, or one already used. */
  | 'key_invalid'
  | 'key_taken'
  | 'email_invalid'
  | 'phone_invalid'
  | 'url_invalid'
  | 'slug_invalid'
  | 'slug_taken'
  | 'image_invalid'
  | 'too_many_images';

export type ContentErrors = Partial<Record<string, ContentErrorKey[]>>;

/** What every item of every kind carries beside its own fields. */
export interface ContentMeta {
  id: number;
  language: Language;
  /** The item it is the translation of, as its id; null when it has none. */
  translation_id: number | null;
  /** Its place in its list (lower first). */
  position: number;
  /** `updated_at`, sent back as `version` with a change: a stale one is answered 409 with the current item. */
  version: string;
}

/**
 * Checks the values of one item against its kind, field by field in the definition's order. `choices` gives
 * the allowed values of each choice field (a category's keys come from the database). A field absent from
 * `values` is checked as empty: a create must send every required field, and a change sends the whole item
 * (the round trip).
 */
export function validateContent<F extends string>(
  kind: ContentKind<F>,
  values: Readonly<Record<string, unknown>>,
  choices: Partial<Record<F, readonly string[]>> = {},
): ContentErrors {
  const errors: ContentErrors = {};
  for (const [name, def] of Object.entries(kind.fields) as [F, FieldDef][]) {
    const value = values[name];
    const problem = fieldProblem(def, value, choices[name], values);
    if (problem) errors[name] = [problem];
  }
  if (kind.check)
    for (const [name, keys] of Object.entries(kind.check(values)))
      if (!errors[name] && keys && keys.length > 0) errors[name] = keys;
  return errors;
}

function fieldProblem(
  def: FieldDef,
  value: unknown,
  choices: readonly string[] | undefined,
  values: Readonly<Record<string, unknown>>,
): ContentErrorKey | null {
  if (def.type === 'boolean') {
    if (value === undefined) return def.required ? 'required' : null;
    return typeof value === 'boolean' ? null : 'invalid_type';
  }
  if (def.type === 'number') {
    if (value === undefined || value === null || value === '') return def.required ? 'required' : null;
    if (typeof value !== 'number' || !Number.isInteger(value)) return 'invalid_type';
    if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max))
      return 'out_of_range';
    return null;
  }
  if (def.type === 'lines') {
    if (value === undefined || value === null) return def.required ? 'required' : null;
    if (!Array.isArray(value) || !value.every((line) => typeof line === 'string')) return 'invalid_type';
    const lines = linesOf(value);
    if (lines.length === 0) return def.required ? 'required' : null;
    if (def.maxLines !== undefined && lines.length > def.maxLines) return 'too_many_lines';
    const longest = def.maxLength;
    if (longest !== undefined && lines.some((line) => line.length > longest)) return 'too_long';
    return null;
  }
  if (def.type === 'gallery') return galleryProblem(def, value);
  if (value !== undefined && value !== null && typeof value !== 'string') return 'invalid_type';
  const text = typeof value === 'string' ? value : '';
  // Rich text is blank as a post's content is: no text and no image (an empty editor gives `<p><br></p>`).
  const blank = def.type === 'rich_text' ? isBlankHtml(text) : text.trim() === '';
  if (blank) return def.required ? 'required' : null;
  if (def.maxLength !== undefined && text.length > def.maxLength) return 'too_long';
  if (def.type === 'choice' && choices && !choices.includes(text)) return 'invalid_choice';
  if (def.type === 'slug' && slugProblem(text)) return 'slug_invalid';
  if (def.type === 'url' && !isHttpsUrl(text.trim())) return 'url_invalid';
  if (def.type === 'image' && !(def.siteImages ? isImageRef(text) : STORED_IMAGE_URL.test(text)))
    return 'image_invalid';
  return def.check ? def.check(text.trim(), values) : null;
}

/** A `lines` field's lines as stored: each trimmed, blank ones left out. */
export function linesOf(value: readonly string[]): string[] {
  return value.map((line) => line.trim()).filter((line) => line !== '');
}

/** An absolute https address (an external link): no other scheme, no spaces, a host. */
export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(text)) return false;
  try {
    return new URL(text).hostname.includes('.');
  } catch {
    return false;
  }
}

function galleryProblem(def: FieldDef, value: unknown): ContentErrorKey | null {
  if (value === undefined || value === null) return def.required ? 'required' : null;
  if (!Array.isArray(value)) return 'invalid_type';
  if (value.length === 0) return def.required ? 'required' : null;
  if (def.maxItems !== undefined && value.length > def.maxItems) return 'too_many_images';
  for (const entry of value) {
    const { image, alt } = (entry ?? {}) as Partial<Record<keyof GalleryImage, unknown>>;
    if (typeof image !== 'string' || typeof alt !== 'string') return 'invalid_type';
    if (!STORED_IMAGE_URL.test(image)) return 'image_invalid';
    if (alt.trim() === '') return 'required';
    if (alt.length > GALLERY_ALT_MAX) return 'too_long';
  }
  return null;
}

/** Whether there is any error in `errors`. */
export function hasErrors(errors: ContentErrors): boolean {
  return Object.values(errors).some((keys) => (keys?.length ?? 0) > 0);
}
