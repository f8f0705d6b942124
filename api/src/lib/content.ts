import type { ContentErrors, ContentKind } from '@agency/core/content';
import { linesOf, validateContent } from '@agency/core/content';
import { isLanguage, type Language } from '@agency/core/language';
import type { FastifyReply } from 'fastify';
import type { ContentSanitizer } from './sanitize-pool';

/**
 * The server's parts shared by every editable kind (docs/architecture.md, "Editable content"): reading an
 * editor's JSON body against the kind's definition in core, sanitising its rich-text fields through the
 * sanitizer pool, the version check, and the answers every kind gives alike. A kind's routes and repository
 * use these and keep only what is truly theirs.
 */

/** The cache tag of a kind: its public reads carry it, its writes and its tables' triggers announce it. */
export const contentTag = (kind: ContentKind): string => kind.name;

/** The message of a 422: the first error's key, as the post routes answer. */
export function validationBody(errors: ContentErrors): { message: string; errors: Record<string, string[]> } {
  const ordered: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors)) if (keys && keys.length > 0) ordered[field] = keys;
  return { message: Object.values(ordered)[0]?.[0] ?? 'invalid', errors: ordered };
}

export function sendInvalid(reply: FastifyReply, errors: ContentErrors): FastifyReply {
  return reply.code(422).send(validationBody(errors));
}

/** A stale write: 409 with the item as it is now, so the editor can compare and choose (as for posts). */
export function sendConflict(reply: FastifyReply, kind: ContentKind, current: unknown): FastifyReply {
  return reply.code(409).send({ message: `${kind.name}_conflict`, current });
}

/** A path segment as a row id: digits only, within the column's range; anything else names no item. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The `version` a change names (the `updated_at` it loaded), or null when it is absent or not a date. */
export function versionOf(body: Record<string, unknown>): Date | null {
  const raw = body.version;
  if (typeof raw !== 'string') return null;
  const version = new Date(raw);
  return Number.isNaN(version.getTime()) ? null : version;
}

export type ParsedContent<V> = { ok: true; values: V } | { ok: false; errors: ContentErrors };

/**
 * An editor's body checked against the kind: every field by core's rules (the same the admin form runs), then
 * rich-text fields cleaned by the sanitizer (an answer that holds nothing once cleaned is missing). Text is
 * trimmed (each line of a `lines` field, blank lines left out); booleans absent are false, numbers absent
 * null. `language` is checked when `withLanguage` (a create names it; a change
 * keeps the item's).
 */
export async function parseContent<V extends object>(
  kind: ContentKind,
  body: unknown,
  options: {
    choices?: Record<string, readonly string[]>;
    sanitizer: ContentSanitizer;
    withLanguage?: boolean;
  },
): Promise<ParsedContent<V & { language?: Language }>> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: ContentErrors = {};
  if (options.withLanguage && !isLanguage(input.language as string)) errors.language = ['language_invalid'];
  Object.assign(errors, validateContent(kind, input, options.choices ?? {}));
  const values: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(kind.fields)) {
    if (errors[name]) continue;
    const value = input[name];
    if (def.type === 'boolean') values[name] = value === true;
    else if (def.type === 'number') values[name] = typeof value === 'number' ? value : null;
    else if (def.type === 'lines') values[name] = Array.isArray(value) ? linesOf(value as string[]) : [];
    else if (def.type === 'gallery')
      // Checked above: a list of `{ image, alt }` (or nothing); only those two fields are kept.
      values[name] = Array.isArray(value)
        ? value.map((entry: { image: string; alt: string }) => ({
            image: entry.image,
            alt: entry.alt.trim(),
          }))
        : [];
    else if (def.type === 'rich_text') {
      const cleaned = await options.sanitizer.sanitize(typeof value === 'string' ? value : '');
      if (!cleaned.ok) errors[name] = ['too_deep'];
      else if (def.required && validateContent(kind, { [name]: cleaned.html })[name])
        errors[name] = ['required'];
      else values[name] = cleaned.html;
    } else values[name] = typeof value === 'string' ? value.trim() : '';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (options.withLanguage) values.language = input.language;
  return { ok: true, values: values as V & { language?: Language } };
}

/**
 * A reorder's body: `ids`, every item of the list once (the new order). Null when it is not a list of ids
 * without repeats.
 */
export function parseOrder(body: unknown): number[] | null {
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) return null;
  if (!ids.every((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647)) return null;
  return new Set(ids).size === ids.length ? (ids as number[]) : null;
}
