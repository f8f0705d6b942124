// Works out the "Cairo Fallback" faces of root-config/src/fonts.css: local fonts scaled and given Cairo's vertical
// metrics, so text laid out before Cairo arrives takes the room it will take in Cairo, and the swap moves nothing.
// Usage: node scripts/font-fallback.mjs   (no server needed; Chromium from CHROMIUM_PATH or /usr/bin/chromium)
//
// Everything is measured by Chromium itself, on the site's own texts (every string of every translation file):
// - size-adjust = width of the texts in Cairo / width in the fallback font, per script and per weight the
//   stylesheets use (400, 600, 700, 800). Latin is measured against Liberation Sans, which has Arial's advance
//   widths by design, so the same numbers serve local('Arial') on Windows and macOS. Arabic is measured
//   against DejaVu Sans, the font Debian's Chromium falls back to for Arabic.
// - ascent-override, descent-override, line-gap-override = Cairo's ascent, descent and line gap (per em) divided
//   by size-adjust, as fontaine and next/font compute them (the browser scales the overrides by size-adjust).
// It prints the CSS (paste it over the faces in fonts.css, then `npx biome format --write` it), then how far
// the faces now in fonts.css are from Cairo: 1.000 is exact, and the spread of single texts shows the rest.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cairoDir = join(repo, 'root-config', 'node_modules', '@fontsource-variable', 'cairo');
const fontsCss = join(repo, 'root-config', 'src', 'fonts.css');

const WEIGHTS = [400, 600, 700, 800];
/** Cairo's Arabic subset (its unicode-range in @fontsource-variable/cairo), where the Arabic fallback applies. */
const ARABIC_RANGE =
  'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, ' +
  'U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC';
const SCRIPTS = {
  latin: {
    lang: 'en',
    regular: ['local("Arial")', 'local("ArialMT")', 'local("Liberation Sans")', 'local("LiberationSans")'],
    bold: [
      'local("Arial Bold")',
      'local("Arial-BoldMT")',
      'local("Liberation Sans Bold")',
      'local("LiberationSans-Bold")',
    ],
    measuredWith: 'Liberation Sans',
  },
  arabic: {
    lang: 'ar',
    regular: ['local("DejaVu Sans")', 'local("DejaVuSans")'],
    bold: ['local("DejaVu Sans Bold")', 'local("DejaVuSans-Bold")'],
    measuredWith: 'DejaVu Sans',
    range: ARABIC_RANGE,
  },
};

async function texts(lng) {
  const out = [];
  const walk = (value) => {
    if (typeof value === 'string') out.push(value.replace(/\{\{[^}]*\}\}/g, '').trim());
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  for (const pkg of await readdir(repo)) {
    const dir = join(repo, pkg, 'public', 'locales', lng);
    let files = [];
    try {
      files = await readdir(dir);
    } catch {
      continue;
    }
    for (const file of files) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return out.filter(Boolean);
}

const latinTexts = await texts('en');
// In Arabic texts only the Arabic words: Latin words in them (brand names, e-mail) are set in the Latin faces.
const arabicWords = (await texts('ar'))
  .flatMap((text) => text.split(/\s+/))
  .map((word) => word.replace(/[^\u0600-\u06FF]/g, ''))
  .filter(Boolean);

/** The page: Cairo exactly as the site declares it (fontsource's CSS), plus any extra CSS. */
function pageHtml(extraCss) {
  const cairo = readFileSync(join(cairoDir, 'index.css'), 'utf8');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${cairo}\n${extraCss}</style></head><body></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function measure(extraCss, families) {
  const page = await browser.newPage();
  await page.route('http://fonts.test/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/files/')) {
      return route.fulfill({ body: readFileSync(join(cairoDir, path)), contentType: 'font/woff2' });
    }
    return route.fulfill({ body: pageHtml(extraCss), contentType: 'text/html' });
  });
  await page.goto('http://fonts.test/');
  const result = await page.evaluate(
    async ({ latin, arabic, weights, families }) => {
      for (const w of weights) await document.fonts.load(`${w} 16px "Cairo Variable"`, 'Agency وكالة');
      const width = (family, weight, list, lang) => {
        const box = document.createElement('div');
        box.lang = lang;
        box.style.cssText = `font: ${weight} 100px ${family}; white-space: nowrap`;
        for (const text of list)
          box.append(Object.assign(document.createElement('span'), { textContent: text }));
        document.body.append(box);
        const each = [...box.children].map((span) => span.getBoundingClientRect().width);
        box.remove();
        return each;
      };
      // Ascent and descent as the renderer uses them; the line gap from the height of a line-height: normal box.
      const vertical = (family, weight, sample) => {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${weight} 1000px ${family}`;
        const m = ctx.measureText(sample);
        const span = document.createElement('span');
        span.style.cssText = `font: ${weight} 1000px/normal ${family}; display: inline-block`;
        span.textContent = sample;
        document.body.append(span);
        const height = span.getBoundingClientRect().height;
        span.remove();
        const ascent = m.fontBoundingBoxAscent / 1000;
        const descent = m.fontBoundingBoxDescent / 1000;
        return { ascent, descent, lineGap: Math.max(0, height / 1000 - ascent - descent) };
      };
      const out = {};
      for (const [script, list, lang, sample] of [
        ['latin', latin, 'en', 'Agency'],
        ['arabic', arabic, 'ar', 'وكالة'],
      ]) {
        out[script] = {};
        for (const weight of weights) {
          const cairo = width('"Cairo Variable"', weight, list, lang);
          const fallback = width(families[script], weight, list, lang);
          const sum = (xs) => xs.reduce((a, b) => a + b, 0);
          // How far single texts stray: the 5th and 95th percentile of fallback / Cairo over texts of 8+ letters.
          const ratios = fallback
            .map((w, i) => ({ w, c: cairo[i], n: list[i].length }))
            .filter((x) => x.n >= 8 && x.c > 0)
            .map((x) => x.w / x.c)
            .sort((a, b) => a - b);
          out[script][weight] = {
            cairo: sum(cairo),
            fallback: sum(fallback),
            spread: [ratios[Math.floor(ratios.length * 0.05)], ratios[Math.floor(ratios.length * 0.95)]],
            cairoMetrics: vertical('"Cairo Variable"', weight, sample),
            fallbackMetrics: vertical(families[script], weight, sample),
          };
        }
      }
      return out;
    },
    { latin: latinTexts, arabic: arabicWords, weights: WEIGHTS, families },
  );
  await page.close();
  return result;
}

const pct = (n) => `${(n * 100).toFixed(2)}%`;

/** One face per weight band: each band runs from halfway to the weight below to halfway to the one above. */
function faces(measured) {
  const blocks = [];
  for (const [script, def] of Object.entries(SCRIPTS)) {
    WEIGHTS.forEach((weight, i) => {
      const m = measured[script][weight];
      const sizeAdjust = m.cairo / m.fallback;
      const { ascent, descent, lineGap } = m.cairoMetrics;
      const low = i === 0 ? 100 : (WEIGHTS[i - 1] + weight) / 2;
      const high = i === WEIGHTS.length - 1 ? 1000 : (weight + WEIGHTS[i + 1]) / 2 - 1;
      const src = weight < 600 ? def.regular : def.bold;
      blocks.push(
        [
          '@font-face {',
          '  font-family: "Cairo Fallback";',
          `  src: ${src.join(', ')};`,
          `  font-weight: ${low} ${high};`,
          ...(def.range ? [`  unicode-range: ${def.range};`] : []),
          `  size-adjust: ${pct(sizeAdjust)};`,
          `  ascent-override: ${pct(ascent / sizeAdjust)};`,
          `  descent-override: ${pct(descent / sizeAdjust)};`,
          `  line-gap-override: ${pct(lineGap / sizeAdjust)};`,
          '}',
        ].join('\n'),
      );
    });
  }
  return blocks.join('\n\n');
}

const raw = await measure('', {
  latin: `"${SCRIPTS.latin.measuredWith}"`,
  arabic: `"${SCRIPTS.arabic.measuredWith}"`,
});
console.log(
  `/* Computed by e2e/scripts/font-fallback.mjs in Chromium from ${latinTexts.length} English texts and ${arabicWords.length} Arabic words. */`,
);
console.log(faces(raw));

const committed = readFileSync(fontsCss, 'utf8').replace(/@import[^;]*;/g, '');
const check = await measure(committed, { latin: '"Cairo Fallback"', arabic: '"Cairo Fallback"' });
console.log(
  '\nThe faces in root-config/src/fonts.css against Cairo (width, ascent, descent, line gap; 1.000 = the same):',
);
for (const script of Object.keys(SCRIPTS)) {
  for (const weight of WEIGHTS) {
    const m = check[script][weight];
    const ratio = (a, b) => (b ? (a / b).toFixed(3) : a === b ? '1.000' : 'n/a');
    const [p5, p95] = m.spread.map((x) => x.toFixed(3));
    console.log(
      `  ${script.padEnd(6)} ${weight}: width ${ratio(m.fallback, m.cairo)} (single texts ${p5}-${p95}), ascent ${ratio(m.fallbackMetrics.ascent, m.cairoMetrics.ascent)}, descent ${ratio(m.fallbackMetrics.descent, m.cairoMetrics.descent)}, line gap ${m.fallbackMetrics.lineGap.toFixed(3)} (Cairo ${m.cairoMetrics.lineGap.toFixed(3)})`,
    );
  }
}
await browser.close();
