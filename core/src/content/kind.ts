import type { Language } from '../i18n/constants';
import { isBlankHtml } from '../rules/post';

/**
 * One definition per editable kind of content (FAQ items now; pricing, portfolio, services and settings next),
 * in the manner of Payload's collection configs: the fields, their types and rules, which are translated and
 * which are rich text. The API validates with it, the admin form draws and checks its fields with it, so the
 * client and the server cannot disagree. See docs/architecture.md ("Editable content").
 */
export type FieldType = 'text' | 'rich_text' | 'choice' | 'boolean' | 'number' | 'lines';

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
  | 'url_invalid';

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
  if (value !== undefined && value !== null && typeof value !== 'string') return 'invalid_type';
  const text = typeof value === 'string' ? value : '';
  // Rich text is blank as a post's content is: no text and no image (an empty editor gives `<p><br></p>`).
  const blank = def.type === 'rich_text' ? isBlankHtml(text) : text.trim() === '';
  if (blank) return def.required ? 'required' : null;
  if (def.maxLength !== undefined && text.length > def.maxLength) return 'too_long';
  if (def.type === 'choice' && choices && !choices.includes(text)) return 'invalid_choice';
  return def.check ? def.check(text.trim(), values) : null;
}

/** A `lines` field's lines as stored: each trimmed, blank ones left out. */
export function linesOf(value: readonly string[]): string[] {
  return value.map((line) => line.trim()).filter((line) => line !== '');
}

/** Whether there is any error in `errors`. */
export function hasErrors(errors: ContentErrors): boolean {
  return Object.values(errors).some((keys) => (keys?.length ?? 0) > 0);
}
