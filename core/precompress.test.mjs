import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress.mjs';

const SCRIPT = `export const text = ${JSON.stringify('a chunk of the site, '.repeat(200))};\n`;

describe('precompressDir', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function put(rel, content) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  }
  const exists = (rel) =>
    stat(path.join(dir, rel)).then(
      () => true,
      () => false,
    );

  it('writes a Brotli and a gzip copy beside each text file, each decoding to the file', async () => {
    await put('assets/index-1.js', SCRIPT);
    await put('locales/ar/marketing.json', JSON.stringify({ title: 'الخدمات '.repeat(200) }));
    await put('assets/index-1.css', `.a{color:red}\n`.repeat(200));
    const done = await precompressDir(dir);
    expect(done.sort()).toEqual(
      ['assets/index-1.css', 'assets/index-1.js', path.join('locales', 'ar', 'marketing.json')].sort(),
    );
    for (const rel of done) {
      const source = await readFile(path.join(dir, rel));
      const br = await readFile(path.join(dir, `${rel}.br`));
      const gz = await readFile(path.join(dir, `${rel}.gz`));
      expect(brotliDecompressSync(br).equals(source)).toBe(true);
      expect(gunzipSync(gz).equals(source)).toBe(true);
      expect(br.length).toBeLessThan(source.length / 4);
    }
  });

  it('leaves alone small files, other types, the server build and what would not get smaller', async () => {
    await put('tiny.js', 'export const a = 1;');
    await put('assets/font.woff2', SCRIPT);
    await put('assets/index-1.js.map', SCRIPT);
    await put('server/entry.js', SCRIPT);
    await put('.vite/manifest.json', SCRIPT);
    // Bytes with no pattern: no copy is smaller than the file.
    await put('images/noise.svg', randomBytes(MIN_BYTES * 4));
    expect(await precompressDir(dir)).toEqual([]);
    for (const rel of [
      'tiny.js',
      'assets/font.woff2',
      'assets/index-1.js.map',
      'server/entry.js',
      '.vite/manifest.json',
      'images/noise.svg',
    ]) {
      expect(await exists(`${rel}.br`)).toBe(false);
      expect(await exists(`${rel}.gz`)).toBe(false);
    }
  });
});
