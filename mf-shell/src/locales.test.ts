import { describe, expect, it } from 'vitest';
import { RESOURCES } from './testing/i18n';

/** Every leaf key of a translation file, as dotted paths. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafValues(value: unknown): unknown[] {
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(leafValues) : [value];
}

const NAMESPACES = ['common', 'shell'] as const;

describe.each(NAMESPACES)('%s translations', (ns) => {
  const en = RESOURCES.en[ns];
  const ar = RESOURCES.ar[ns];

  it('has every English key in Arabic and every Arabic key in English', () => {
    expect(leafKeys(ar).sort()).toEqual(leafKeys(en).sort());
  });

  it('has no empty texts', () => {
    for (const value of [...leafValues(en), ...leafValues(ar)]) {
      expect(typeof value === 'string' && value.trim() !== '').toBe(true);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: unknown) =>
      String(text)
        .match(/{{\s*\w+\s*}}/g)
        ?.sort() ?? [];
    for (const key of leafKeys(en)) {
      const pick = (tree: unknown) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
      expect(placeholders(pick(ar)), key).toEqual(placeholders(pick(en)));
    }
  });
});

describe('shell Arabic translations', () => {
  it('are written in Arabic script', () => {
    const texts = leafValues(RESOURCES.ar.shell) as string[];
    // A Latin-only text in the Arabic file is an English text copied over and never translated.
    for (const text of texts) expect(text, text).toMatch(/[\u0600-\u06FF]/);
  });
});
