import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { NAMESPACES } from './setup';

// Every micro-frontend ships its namespaces in <package>/public/locales/<lng>/<ns>.json.
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const packages = readdirSync(repo).filter((dir) => existsSync(join(repo, dir, 'public', 'locales')));

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const files = packages.flatMap((pkg) =>
  readdirSync(join(repo, pkg, 'public', 'locales', 'en')).map((file) => ({
    pkg,
    ns: file.replace(/\.json$/, ''),
  })),
);

function read(pkg: string, lng: string, ns: string): Map<string, string> {
  return leaves(
    JSON.parse(readFileSync(join(repo, pkg, 'public', 'locales', lng, `${ns}.json`), 'utf8')) as Tree,
  );
}

describe('translation files', () => {
  it('cover every namespace exactly once', () => {
    expect(files.map((f) => f.ns).sort()).toEqual([...NAMESPACES].sort());
  });

  // Plural forms differ by language (English: one, other; Arabic: zero, one, two, few, many, other), so keys
  // are compared without their plural suffix, and every plural has the `_other` form i18next falls back to.
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  it.each(files)('$pkg/$ns has the same keys in every language', ({ pkg, ns }) => {
    const [first, ...others] = LANGUAGES.map((lng) =>
      [...new Set([...read(pkg, lng, ns).keys()].map((key) => key.replace(PLURAL, '')))].sort(),
    );
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(files)('$pkg/$ns: every plural has its "other" form', ({ pkg, ns }) => {
    for (const lng of LANGUAGES) {
      const keys = [...read(pkg, lng, ns).keys()];
      for (const key of keys.filter((k) => PLURAL.test(k))) {
        expect(keys, `${lng} ${key}`).toContain(key.replace(PLURAL, '_other'));
      }
    }
  });

  it.each(files)('$pkg/$ns: Arabic texts are written in Arabic', ({ pkg, ns }) => {
    const latinOnly = [...read(pkg, 'ar', ns)].filter(
      ([, text]) => /[A-Za-z]{4,}/.test(text) && !/[\u0600-\u06FF]/.test(text) && !/^\{\{.*\}\}$/.test(text),
    );
    // Proper names (e.g. "English" on the language switch, brand names) may stay Latin, but not whole UIs.
    expect(latinOnly.length).toBeLessThanOrEqual(3);
  });

  it.each(files)('$pkg/$ns: no empty texts', ({ pkg, ns }) => {
    for (const lng of LANGUAGES) {
      for (const [key, text] of read(pkg, lng, ns)) expect(text.trim(), `${lng} ${key}`).not.toBe('');
    }
  });
});
