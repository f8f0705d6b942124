import type { Language } from '../i18n/constants';
import { isBlankHtml } from '../rules/post';

/**
 * One definition per editable kind of content (FAQ items now; pricing, portfolio, services and settings next),
 * in the manner of Payload's collection configs: the fields, their types and rules, which are translated and
 * which are rich text. The API validates with it, the admin form draws and checks its fields with it, so the
 * client and the server cannot disagree. See docs/architecture.md ("Editable content").
 */
export type FieldType = 'text' | 'rich_text' | 'choice' | 'boolean' | 'image';

/**
 * Where an `image` field may point: a stored image (uploaded through POST /api/upload-image, which checks its
 * bytes and re-encodes it to WebP; served at fixed widths too), or one of the site's own pictures shipped with a
 * micro-frontend (`/mf/{app}/images/...`, such as the SVG client logos a new site is seeded with). Nothing else:
 * no outside address, no uploaded SVG.
 */
export function isImageRef(value: string): boolean {
  return (
    /^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/.test(value) ||
    /^\/mf\/mf-[a-z]+\/images\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|png|webp)$/.test(value)
  );
}

export interface FieldDef {
  type: FieldType;
  /** A value must be given (for rich text: some text, not an empty paragraph). */
  required?: boolean;
  /** The longest value, in characters (rich text: of its HTML). */
  maxLength?: number;
  /**
   * Differs per language (a question), rather than being shared by an item and its translation (a category).
   * Every item is stored per language anyway; this says what the form fills from the other language.
   */
  translated?: boolean;
  /** A text drawn as a box of several lines (a paragraph) in the admin form. */
  multiline?: boolean;
}

export interface ContentKind<F extends string = string> {
  /** The kind's name: its API path (`/api/{name}`), cache tag, draft key and translation namespace. */
  name: string;
  fields: Readonly<Record<F, FieldDef>>;
}

/** Defines a kind, keeping its field names as a type. */
export function defineKind<const F extends string>(kind: ContentKind<F>): ContentKind<F> {
  return kind;
}

/** The keys every kind's field errors use; the admin translates them (admin.json, `content.errors`). */
export type ContentErrorKey =
  | 'required'
  | 'too_long'
  | 'invalid_choice'
  | 'invalid_type'
  | 'language_invalid'
  | 'version_required'
  | 'too_deep'
  | 'order_invalid'
  | 'translation_taken'
  | 'translation_invalid'
  | 'image_invalid';

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
    const problem = fieldProblem(def, value, choices[name]);
    if (problem) errors[name] = [problem];
  }
  return errors;
}

function fieldProblem(
  def: FieldDef,
  value: unknown,
  choices: readonly string[] | undefined,
): ContentErrorKey | null {
  if (def.type === 'boolean') {
    if (value === undefined) return def.required ? 'required' : null;
    return typeof value === 'boolean' ? null : 'invalid_type';
  }
  if (value !== undefined && value !== null && typeof value !== 'string') return 'invalid_type';
  const text = typeof value === 'string' ? value : '';
  // Rich text is blank as a post's content is: no text and no image (an empty editor gives `<p><br></p>`).
  const blank = def.type === 'rich_text' ? isBlankHtml(text) : text.trim() === '';
  if (blank) return def.required ? 'required' : null;
  if (def.maxLength !== undefined && text.length > def.maxLength) return 'too_long';
  if (def.type === 'choice' && choices && !choices.includes(text)) return 'invalid_choice';
  if (def.type === 'image' && !isImageRef(text)) return 'image_invalid';
  return null;
}

/** Whether there is any error in `errors`. */
export function hasErrors(errors: ContentErrors): boolean {
  return Object.values(errors).some((keys) => (keys?.length ?? 0) > 0);
}
