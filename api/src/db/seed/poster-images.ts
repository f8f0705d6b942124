import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EncodedImage } from '../../lib/images';
import { firstStartFilesDir } from '../../paths';

/** Poster size: 16:9, wide enough for the post page's hero on a desktop screen. */
export const POSTER_WIDTH = 1200;
export const POSTER_HEIGHT = 675;

/** Gradient pairs from the site's palette (root-config/src/base.css: brand, brand-strong, ink-strong, accent). */
const PALETTES = [
  { from: '#4338ca', to: '#1e1b4b', shape: '#a5b4fc', accent: '#f59e0b' },
  { from: '#3730a3', to: '#6366f1', shape: '#eef2ff', accent: '#fbbf24' },
  { from: '#1e1b4b', to: '#4338ca', shape: '#c7d2fe', accent: '#f59e0b' },
  { from: '#4f46e5', to: '#312e81', shape: '#e0e7ff', accent: '#fcd34d' },
  { from: '#312e81', to: '#7c3aed', shape: '#ddd6fe', accent: '#f59e0b' },
  { from: '#4338ca', to: '#0f172a', shape: '#a5b4fc', accent: '#fbbf24' },
  { from: '#f59e0b', to: '#4338ca', shape: '#fef3c7', accent: '#1e1b4b' },
  { from: '#6366f1', to: '#a5b4fc', shape: '#ffffff', accent: '#f59e0b' },
] as const;

/** A small deterministic generator (mulberry32), so each seed always draws the same poster. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An abstract poster as SVG: a diagonal brand gradient, soft circles, a dotted grid, a wave and an accent
 * shape, placed by `seed`. No text: the title is always shown next to the image in the page's language.
 */
export function posterSvg(seed: number): string {
  const next = random(seed * 7919 + 17);
  const palette = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  const w = POSTER_WIDTH;
  const h = POSTER_HEIGHT;
  const round = (n: number) => Math.round(n);

  const circles = Array.from({ length: 3 }, (_, i) => {
    const r = round(120 + next() * 220);
    const cx = round(next() * w);
    const cy = round(next() * h);
    const opacity = (0.1 + next() * 0.18).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${palette.shape}" opacity="${opacity}" data-i="${i}"/>`;
  }).join('');

  const gridX = round(60 + next() * (w / 2));
  const gridY = round(60 + next() * (h / 3));
  const dots: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 8; col++) {
      dots.push(`<circle cx="${gridX + col * 28}" cy="${gridY + row * 28}" r="4"/>`);
    }
  }

  const waveY = round(h * (0.55 + next() * 0.25));
  const amplitude = round(40 + next() * 60);
  const wave = `M0 ${waveY} C ${w * 0.25} ${waveY - amplitude}, ${w * 0.5} ${waveY + amplitude}, ${w * 0.75} ${
    waveY - amplitude / 2
  } S ${w} ${waveY + amplitude / 2}, ${w} ${waveY} L ${w} ${h} L 0 ${h} Z`;

  const cardX = round(w * (0.15 + next() * 0.5));
  const cardY = round(h * (0.15 + next() * 0.3));
  const cardW = round(220 + next() * 160);
  const cardH = round(140 + next() * 80);
  const rotate = round(-12 + next() * 24);
  const accentR = round(36 + next() * 40);
  const accentX = round(w * (0.1 + next() * 0.8));
  const accentY = round(h * (0.1 + next() * 0.5));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0.06"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${circles}
  <g fill="${palette.shape}" opacity="0.35">${dots.join('')}</g>
  <path d="${wave}" fill="#ffffff" opacity="0.08"/>
  <g transform="rotate(${rotate} ${cardX + cardW / 2} ${cardY + cardH / 2})">
    <rect x="${cardX}" y="${cardY}" width="${cardW}" height="${cardH}" rx="24" fill="url(#card)"
      stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
    <rect x="${cardX + 28}" y="${cardY + 32}" width="${round(cardW * 0.55)}" height="14" rx="7" fill="#ffffff" opacity="0.6"/>
    <rect x="${cardX + 28}" y="${cardY + 62}" width="${round(cardW * 0.35)}" height="14" rx="7" fill="#ffffff" opacity="0.35"/>
  </g>
  <circle cx="${accentX}" cy="${accentY}" r="${accentR}" fill="${palette.accent}" opacity="0.9"/>
</svg>`;
}

/**
 * Runs in a process of its own (node -e): the SVGs on stdin (a JSON array), each as WebP at quality 80, out on
 * stdout (a JSON array of [base64, width, height]). Argument: sharp's entry point.
 */
const RENDER_SOURCE = `
const sharp = require(process.argv[1]);
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', async () => {
  try {
    const out = [];
    for (const svg of JSON.parse(input)) {
      const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      out.push([data.toString('base64'), info.width, info.height]);
    }
    process.stdout.write(JSON.stringify(out));
  } catch (err) {
    process.stderr.write(String(err && err.stack ? err.stack : err));
    process.exit(1);
  }
});
`;

/** `svgs` drawn as WebP in a child process (RENDER_SOURCE), with their sizes. */
function drawPosters(svgs: readonly string[]): Promise<EncodedImage[]> {
  const entry = createRequire(import.meta.url).resolve('sharp');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', RENDER_SOURCE, entry], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: process.env,
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code !== 0) {
        reject(
          new Error(`rendering the posters failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`),
        );
        return;
      }
      try {
        const encoded = JSON.parse(Buffer.concat(out).toString('utf8')) as [string, number, number][];
        resolve(
          encoded.map(([text, width, height]) => ({ webp: Buffer.from(text, 'base64'), width, height })),
        );
      } catch (err) {
        reject(err);
      }
    });
    child.stdin.end(JSON.stringify(svgs));
  });
}

/** The posters of the first-start files (paths.ts: drawn by the production build, beside it); null when none. */
function builtPostersDir(): string | null {
  const dir = firstStartFilesDir();
  return dir === null ? null : path.join(dir, SEED_POSTERS_NAME);
}

/** The posters' folder name among the first-start files. */
export const SEED_POSTERS_NAME = 'seed-posters';

/** A poster's file name in that folder: the hash of its SVG, so a changed drawing is never read from there. */
const posterFile = (svg: string) => `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.json`;

/**
 * The posters of `seeds` as WebP bytes with their size, ready to be stored like uploaded images. The production
 * build draws them once (`writeBuiltPosters`) and a first start reads them; anything else (the sources, a poster
 * not there) draws them in a child process: in the server, drawing them grew it by about 60 MB (the SVG renderer
 * and its threads' allocations), and even reading their sizes there loaded sharp and started its threads, kept for
 * good once taken, for a job done once, on a site's first start.
 */
export async function renderPosters(
  seeds: readonly number[],
  { builtDir = builtPostersDir() }: { builtDir?: string | null } = {},
): Promise<EncodedImage[]> {
  const svgs = seeds.map((seed) => posterSvg(seed));
  if (builtDir !== null) {
    const built = await Promise.all(
      svgs.map((svg) =>
        readFile(path.join(builtDir, posterFile(svg)), 'utf8').then(
          (text) => {
            const { webp, width, height } = JSON.parse(text) as {
              webp: string;
              width: number;
              height: number;
            };
            return { webp: Buffer.from(webp, 'base64'), width, height };
          },
          () => null,
        ),
      ),
    );
    if (built.every((poster) => poster !== null)) return built as EncodedImage[];
  }
  return drawPosters(svgs);
}

/** Draws the posters of `seeds` into `dir` (the build's seed-posters folder), each under its SVG's hash. */
export async function writeBuiltPosters(dir: string, seeds: readonly number[]): Promise<void> {
  const unique = [...new Set(seeds)];
  const svgs = unique.map((seed) => posterSvg(seed));
  const drawn = await drawPosters(svgs);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    svgs.map((svg, i) => {
      const poster = drawn[i] as EncodedImage;
      const text = JSON.stringify({
        webp: poster.webp.toString('base64'),
        width: poster.width,
        height: poster.height,
      });
      return writeFile(path.join(dir, posterFile(svg)), text);
    }),
  );
}
