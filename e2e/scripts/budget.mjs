// First-load JavaScript per route: every script the page downloads until the network is idle (root-config,
// the federation runtime, React, the shell and the route's micro-frontend), gzip-compressed at level 9.
// Usage: node scripts/budget.mjs [baseURL] [route ...]   (default http://localhost:8080; server must run)
// The budgets (budget.json) are enforced by tests/budget.spec.ts against the production build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** @type {{ target: Record<string, number>; budget: Record<string, number> }} */
export const BUDGET = JSON.parse(readFileSync(new URL('../budget.json', import.meta.url), 'utf8'));

/** The newest published English post, for the `/blog/{slug}` route. */
export async function firstPostSlug(base) {
  const key = /<meta name="api-key" content="([^"]*)"/.exec(await (await fetch(base)).text())?.[1] ?? '';
  const res = await fetch(new URL('/api/posts?language=en&per_page=1', base), {
    headers: { 'x-api-key': key },
  });
  if (!res.ok) return 'sample';
  const body = await res.json();
  return body?.data?.data?.[0]?.slug ?? 'sample';
}

/** The first English portfolio project, for the `/portfolio/{slug}` route. */
export async function firstProjectSlug(base) {
  const key = /<meta name="api-key" content="([^"]*)"/.exec(await (await fetch(base)).text())?.[1] ?? '';
  const res = await fetch(new URL('/api/portfolio?language=en', base), { headers: { 'x-api-key': key } });
  if (!res.ok) return 'sample';
  const body = await res.json();
  return body?.data?.data?.[0]?.slug ?? 'sample';
}

/** A route of budget.json as a path: `{slug}` is the newest post's, or under /portfolio/ the first project's. */
export async function routePath(route, base) {
  if (!route.includes('{slug}')) return route;
  const slug = route.startsWith('/portfolio/') ? await firstProjectSlug(base) : await firstPostSlug(base);
  return route.replace('{slug}', encodeURIComponent(slug));
}

/**
 * Loads `url` in a fresh page of `context` (service workers blocked, so nothing comes from a cache) and adds
 * up the scripts it downloads until the network is idle.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 */
export async function measureIn(context, url) {
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  const inFlight = new Set();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined, // a script that failed has no body to count
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine the network can fall quiet between root-config and the scripts it imports next: the
  // page counts once its micro-frontends are mounted (root-config marks <html>), and quiet again after that.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
  for (let quietFor = 0, waited = 0; quietFor < 500 && waited < 15_000; waited += 100) {
    await page.waitForTimeout(100);
    quietFor = inFlight.size === 0 ? quietFor + 100 : 0;
  }
  await Promise.all(pending);
  await page.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { files: scripts.size, bytes, kb: Math.round((bytes / 1024) * 10) / 10, scripts };
}

async function main() {
  const [base = 'http://localhost:8080', ...paths] = process.argv.slice(2);
  const routes = paths.length ? paths : Object.keys(BUDGET.budget);
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
  console.log('route'.padEnd(16), 'files', 'gzip KB', 'budget', 'target');
  for (const route of routes) {
    const result = await measureIn(context, new URL(await routePath(route, base), base).href);
    console.log(
      route.padEnd(16),
      String(result.files).padStart(5),
      String(result.kb).padStart(7),
      String(BUDGET.budget[route] ?? '').padStart(6),
      String(BUDGET.target[route] ?? '').padStart(6),
    );
  }
  await browser.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
