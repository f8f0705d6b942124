import { STORAGE_ERROR_KEYS } from '@agency/core/rules';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './testing/i18n';

/** Every leaf of a translation file as [dotted key, text]. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const en = new Map(leaves(RESOURCES.en.admin));
const ar = new Map(leaves(RESOURCES.ar.admin));
const placeholders = (text = '') => text.match(/{{\s*\w+\s*}}/g)?.sort() ?? [];
/** i18next's plural forms: `key_one`, `key_other`…, and `key_zero` for a count of 0 in any language. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>) =>
  [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();

describe('admin translations', () => {
  it('have the same keys in English and Arabic (plural forms apart)', () => {
    expect(baseKeys(ar.keys())).toEqual(baseKeys(en.keys()));
  });

  it('have every plural form each language needs (Arabic has six)', () => {
    for (const [language, texts] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const plural = baseKeys([...texts.keys()].filter((key) => PLURAL.test(key)));
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      expect(plural.length).toBeGreaterThan(0);
      for (const key of plural) {
        for (const form of forms)
          expect(texts.has(`${key}_${form}`), `${language} ${key}_${form}`).toBe(true);
      }
    }
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...en, ...ar]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      // A plural form may spell its number out ("one other session"): the general form has them all.
      if (PLURAL.test(key) && !key.endsWith('_other')) continue;
      expect(placeholders(ar.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('are written in Arabic script in Arabic (but the language switch names English in English)', () => {
    for (const [key, text] of ar) {
      if (key === 'posts.language.en') expect(text).toBe('English');
      // A pattern of placeholders alone ("{{title}} | {{name}}") has no words to write in either script.
      else if (!/\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''))) continue;
      else expect(text, key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('translate every message key the spec and the API use', () => {
    const keys = [
      'title_required',
      'slug_required',
      'slug_invalid',
      'slug_taken',
      'description_required',
      'content_required',
      'content_too_deep',
      'seo_title_required',
      'seo_description_required',
      'date_required',
      'image_size_error',
      'image_type_error',
      'image_upload_error',
      ...STORAGE_ERROR_KEYS,
      'editor_load_error',
      'post_fetch_error',
      'post_created',
      'post_updated',
      'post_deleted',
      'post_error',
      'post_update_error',
      'post_delete_error',
      'no_server_response',
      'confirm_delete_post',
      'delete_forbidden_error',
      'language_invalid',
      'status_invalid',
      'translation_invalid',
      'translation_not_found',
      'translation_same_language',
      'translation_taken',
      'post_conflict',
      'unauthenticated',
      'csrf_mismatch',
      'invalid_credentials',
      'too_many_attempts',
      'current_password_required',
      'current_password_invalid',
      'password_too_short',
      'password_unchanged',
      'password_weak',
      'session_current',
      'session_not_found',
    ];
    for (const key of keys) {
      expect(en.has(key), key).toBe(true);
      expect(ar.has(key), key).toBe(true);
    }
  });
});
