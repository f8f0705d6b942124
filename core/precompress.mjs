import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files a browser fetches from a front-end build (source maps are left to on-the-fly compression). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves too little to be worth a file (nginx's `gzip_min_length` is 20 bytes). */
export const MIN_BYTES = 1024;

/**
 * Writes beside each compressible file of `dir` (recursively, but not into `skip`) its Brotli (`.br`, the
 * highest quality) and gzip (`.gz`, level 9) copies, where a copy is smaller than the file. The server sends
 * them as they are to a browser that accepts them (api/src/plugins/web/index.ts, @fastify/static's
 * `preCompressed`), instead of compressing every request again. Returns the files compressed, relative to
 * `dir`.
 *
 * @param {string} dir
 * @param {{ skip?: readonly string[] }} [options] folder names not to enter (the server build, Vite's own)
 * @returns {Promise<string[]>}
 */
export async function precompressDir(dir, { skip = ['server', '.vite'] } = {}) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((rel) => !rel.split(path.sep).some((part) => skip.includes(part)));
  const compressed = await Promise.all(files.map((rel) => compressFile(path.join(dir, rel))));
  return files.filter((_, i) => compressed[i]);
}

/** @param {string} file */
async function compressFile(file) {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  let written = false;
  for (const [copy, ext] of [
    [br, '.br'],
    [gz, '.gz'],
  ]) {
    if (copy.length >= source.length) continue;
    await writeFile(`${file}${ext}`, copy);
    written = true;
  }
  return written;
}

/**
 * A Vite plugin that precompresses the build's output folder once everything is written (the service worker
 * of root-config's PWA plugin included).
 *
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  /** @type {string} */
  let outDir = '';
  return {
    name: 'agency-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
