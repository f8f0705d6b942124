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

describe('admin translations', () => {
  it('have the same keys in English and Arabic', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...en, ...ar]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of en) expect(placeholders(ar.get(key)), key).toEqual(placeholders(text));
  });

  it('are written in Arabic script in Arabic (but the language switch names English in English)', () => {
    for (const [key, text] of ar) {
      if (key === 'posts.language.en') expect(text).toBe('English');
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
      'seo_title_required',
      'seo_description_required',
      'date_required',
      'image_size_error',
      'image_type_error',
      'image_upload_error',
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
    ];
    for (const key of keys) {
      expect(en.has(key), key).toBe(true);
      expect(ar.has(key), key).toBe(true);
    }
  });
});
