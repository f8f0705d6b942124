// First-load JavaScript per route: every script the page downloads until the network is idle (root-config,
// the federation runtime, React, the shell and the route's micro-frontend), gzip-compressed at level 9.
// Usage: node scripts/budget.mjs [baseURL] [route ...]   (default http://localhost:8080; server must run)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', ...paths] = process.argv.slice(2);
const routes = paths.length
  ? paths
  : ['/', '/about', '/services', '/blog', '/blog/{slug}', '/posts', '/login'];

async function firstPostSlug() {
  const key = /<meta name="api-key" content="([^"]*)"/.exec(await (await fetch(base)).text())?.[1] ?? '';
  const res = await fetch(new URL('/api/posts?language=en&per_page=1', base), {
    headers: { 'x-api-key': key },
  });
  if (!res.ok) return 'sample';
  const body = await res.json();
  return body?.data?.data?.[0]?.slug ?? 'sample';
}

export async function measure(baseURL, route) {
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
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a script that failed has no body to count
    }
  });
  await page.goto(new URL(route, baseURL).href, { waitUntil: 'networkidle' });
  await browser.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { route, files: scripts.size, bytes, kb: Math.round((bytes / 1024) * 10) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const slug = await firstPostSlug();
  console.log('route'.padEnd(28), 'files', 'gzip KB');
  for (const route of routes) {
    const result = await measure(base, route.replace('{slug}', slug));
    console.log(route.padEnd(28), String(result.files).padStart(5), String(result.kb).padStart(7));
  }
}
