import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FONT, fontPreloadAttributes, fontPreloads, SITE_FONT } from './fonts';

const here = dirname(fileURLToPath(import.meta.url));
const fontsCss = readFileSync(join(here, 'fonts.css'), 'utf8');
const baseCss = readFileSync(join(here, 'base.css'), 'utf8');
const cairoDir = dirname(
  createRequire(import.meta.url).resolve('@fontsource-variable/cairo/package.json', { paths: [here] }),
);

/** WOFF2 known-table tags by index (the WOFF2 spec, table 'Known Table Tags'), as far as this test needs. */
const KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
];

/** Reads a WOFF2 file's head and hhea tables (never transformed) for unitsPerEm, ascender, descender, lineGap. */
function verticalMetrics(file: string) {
  const buf = readFileSync(file);
  expect(buf.toString('latin1', 0, 4)).toBe('wOF2');
  const numTables = buf.readUInt16BE(12);
  const compressedLength = buf.readUInt32BE(20);
  let pos = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = buf.readUInt8(pos++);
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('bad UIntBase128');
  };
  const tables = new Map<string, { offset: number; length: number }>();
  let offset = 0;
  for (let i = 0; i < numTables; i++) {
    const flags = buf.readUInt8(pos++);
    const index = flags & 0x3f;
    let tag = KNOWN_TAGS[index] ?? `#${index}`;
    if (index === 63) {
      tag = buf.toString('latin1', pos, pos + 4);
      pos += 4;
    }
    const version = flags >> 6;
    const origLength = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? base128() : origLength;
    tables.set(tag, { offset, length });
    offset += length;
  }
  const data = brotliDecompressSync(buf.subarray(pos, pos + compressedLength));
  const at = (tag: string) => {
    const table = tables.get(tag);
    if (!table) throw new Error(`no ${tag} table`);
    return table.offset;
  };
  return {
    unitsPerEm: data.readUInt16BE(at('head') + 18),
    ascent: data.readInt16BE(at('hhea') + 4),
    descent: data.readInt16BE(at('hhea') + 6),
    lineGap: data.readInt16BE(at('hhea') + 8),
  };
}

interface Face {
  src: string;
  weight: [number, number];
  unicodeRange?: string;
  sizeAdjust: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

function fallbackFaces(css: string): Face[] {
  const blocks = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1] as string);
  return blocks
    .filter((block) => block.includes(`"${FALLBACK_FONT}"`))
    .map((block) => {
      const get = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
      const percent = (name: string) => {
        const value = get(name);
        if (!value?.endsWith('%')) throw new Error(`${name} missing or not a percentage in ${block}`);
        return Number.parseFloat(value) / 100;
      };
      const [low = Number.NaN, high = low] = (get('font-weight') ?? '').split(/\s+/).map(Number);
      return {
        src: get('src') ?? '',
        weight: [low, high],
        unicodeRange: get('unicode-range'),
        sizeAdjust: percent('size-adjust'),
        ascent: percent('ascent-override'),
        descent: percent('descent-override'),
        lineGap: percent('line-gap-override'),
      };
    });
}

describe('the fallback font', () => {
  const faces = fallbackFaces(fontsCss);
  const latin = faces.filter((f) => !f.unicodeRange);
  const arabic = faces.filter((f) => f.unicodeRange);

  it('comes right after Cairo in the site font stack', () => {
    const stack = /--font-sans:\s*([^;]+);/.exec(baseCss)?.[1] ?? '';
    expect(
      stack
        .split(',')
        .slice(0, 2)
        .map((family) => family.trim()),
    ).toEqual([`"${SITE_FONT}"`, `"${FALLBACK_FONT}"`]);
  });

  it('uses local fonts only: nothing to download, nothing for the CSP to allow', () => {
    expect(latin.length).toBeGreaterThan(0);
    expect(arabic.length).toBeGreaterThan(0);
    for (const face of faces) {
      expect(face.src).not.toMatch(/url\(/);
      expect(face.src).toMatch(/^local\("[^"]+"\)(, local\("[^"]+"\))*$/);
    }
    expect(latin.map((f) => f.src).join()).toMatch(/local\("Arial"\).*local\("Liberation Sans"\)/);
    expect(arabic.map((f) => f.src).join()).toMatch(/local\("DejaVu Sans"\)/);
    for (const face of arabic) expect(face.unicodeRange).toMatch(/^U\+0600-06FF/);
  });

  it.each([
    ['Latin', latin],
    ['Arabic', arabic],
  ])('%s faces cover every weight from 100 to 1000, bold fonts for 600 and up', (_, list) => {
    const sorted = [...list].sort((a, b) => a.weight[0] - b.weight[0]);
    expect(sorted[0]?.weight[0]).toBe(100);
    expect(sorted.at(-1)?.weight[1]).toBe(1000);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]?.weight[0]).toBe((sorted[i - 1]?.weight[1] ?? 0) + 1);
    }
    for (const weight of [400, 600, 700, 800]) {
      const face = sorted.find((f) => f.weight[0] <= weight && weight <= f.weight[1]);
      expect(face?.src.includes('Bold'), `weight ${weight}`).toBe(weight >= 600);
    }
  });

  it("gives every face Cairo's ascent, descent and line gap, read from the font files", () => {
    for (const subset of ['latin', 'arabic']) {
      const cairo = verticalMetrics(join(cairoDir, 'files', `cairo-${subset}-wght-normal.woff2`));
      const faceList = subset === 'latin' ? latin : arabic;
      for (const face of faceList) {
        // The browser scales the overrides by size-adjust; the product is Cairo's own metric (per em).
        expect(face.ascent * face.sizeAdjust).toBeCloseTo(cairo.ascent / cairo.unitsPerEm, 3);
        expect(face.descent * face.sizeAdjust).toBeCloseTo(Math.abs(cairo.descent) / cairo.unitsPerEm, 3);
        expect(face.lineGap * face.sizeAdjust).toBeCloseTo(cairo.lineGap / cairo.unitsPerEm, 3);
      }
    }
  });

  it('scales the fallback by a plausible factor (measured by e2e/scripts/font-fallback.mjs)', () => {
    for (const face of faces) {
      expect(face.sizeAdjust).toBeGreaterThan(0.8);
      expect(face.sizeAdjust).toBeLessThan(1.1);
    }
  });

  it("declares @fontsource-variable/cairo's faces (its files, its ranges): Latin swap, Arabic optional", () => {
    /** "Cairo Variable" faces by their file: font-display and unicode-range, spaces taken out. */
    const facesOf = (css: string) =>
      new Map(
        [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
          .map(([, body = '']) => body)
          .filter((body) => body.includes('Cairo Variable'))
          .map((body) => [
            /files\/(cairo-[\w-]+\.woff2)/.exec(body)?.[1] ?? '',
            {
              display: /font-display:\s*(\w+)/.exec(body)?.[1],
              range: /unicode-range:([^;]*);/.exec(body)?.[1]?.replace(/\s/g, ''),
            },
          ]),
      );
    const ours = facesOf(fontsCss);
    const theirs = facesOf(readFileSync(join(cairoDir, 'index.css'), 'utf8'));
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    const fold = (range = '') =>
      range.replace(/U\+1EE[0-9A-F]{2}(-1EE[0-9A-F]{2})?/g, 'U+1EExx').replace(/(,U\+1EExx)+/g, ',U+1EExx');
    for (const [file, face] of ours) {
      // The package lists the Arabic mathematical block letter by letter; one range covers it here.
      expect(fold(face.range), file).toBe(fold(theirs.get(file)?.range));
      expect(face.display, file).toBe(file.includes('arabic') ? 'optional' : 'swap');
    }
  });
});

describe('fontPreloads', () => {
  const built = [
    'index.html',
    'assets/index-BK7jAiY8.css',
    'assets/index-Bf-tZj1j.js',
    'assets/cairo-arabic-wght-normal-CJWMIGCx.woff2',
    'assets/cairo-latin-ext-wght-normal-at8nfxId.woff2',
    'assets/cairo-latin-wght-normal-PfPtmrPZ.woff2',
  ];

  it('preloads the Latin file on every page and the Arabic one on Arabic pages, by their hashed names', () => {
    expect(fontPreloads(built)).toEqual([
      { href: '/assets/cairo-latin-wght-normal-PfPtmrPZ.woff2' },
      { href: '/assets/cairo-arabic-wght-normal-CJWMIGCx.woff2', lang: 'ar' },
    ]);
    expect(fontPreloads(built, '/site/')[0]?.href).toBe(
      '/site/assets/cairo-latin-wght-normal-PfPtmrPZ.woff2',
    );
  });

  it('fails the build when a file it should preload is not there', () => {
    expect(() => fontPreloads(built.filter((name) => !name.includes('arabic')))).toThrow(/cairo-arabic/);
  });

  it('writes font preloads the browser uses (as=font, crossorigin) and marks the Arabic one', () => {
    expect(fontPreloadAttributes({ href: '/assets/a.woff2' })).toEqual({
      rel: 'preload',
      href: '/assets/a.woff2',
      as: 'font',
      type: 'font/woff2',
      crossorigin: true,
    });
    expect(fontPreloadAttributes({ href: '/assets/b.woff2', lang: 'ar' })).toMatchObject({
      'data-lang': 'ar',
    });
  });
});
