// Screenshots of pages in English and Arabic at phone and desktop widths, for looking at what we built.
// Usage: node scripts/screenshots.mjs [baseURL] [path ...]   (server must be running; default http://localhost:8080)
// Writes e2e/screenshots/<path>-<lang>-<width>.png
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ['/', '/blog', '/posts', '/no-such-page'];
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
for (const lang of ['en', 'ar']) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
    for (const route of routes) {
      await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${width}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
