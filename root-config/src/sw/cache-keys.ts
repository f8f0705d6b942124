/**
 * One cache entry per API question, however the page spelled it: query parameters sorted, `page=1` (the
 * default) dropped. Pure, so it is unit-tested outside a worker.
 */
export function normalizeApiUrl(input: string): string {
  const url = new URL(input);
  const params = [...url.searchParams.entries()].filter(([key, value]) => !(key === 'page' && value === '1'));
  params.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/** A response the shared caches may keep: a 200 that the server did not mark `no-store` (editor sessions). */
export function isShareable(response: Response): boolean {
  return response.status === 200 && !/\bno-store\b/i.test(response.headers.get('cache-control') ?? '');
}

/**
 * A navigation's answer that may stand for the app page: a 200 in HTML. Navigations also reach files (the
 * sitemap, a feed, robots.txt): kept under `/`, they would replace every page offline.
 */
export function isAppPage(response: Response): boolean {
  return response.status === 200 && /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
}

interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  shared?: { assets?: AssetGroups }[];
  exposes?: { assets?: AssetGroups }[];
}
interface AssetGroups {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** Every file a remote needs, from its mf-manifest.json: the entry, exposed modules and shared chunks. */
export function remoteFiles(base: string, manifest: FederationManifest): string[] {
  const publicPath = manifest.metaData?.publicPath || base;
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set<string>([
    `${base}mf-manifest.json`,
    `${publicPath}${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`,
  ]);
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    const assets = item.assets ?? {};
    for (const list of [assets.js?.sync, assets.js?.async, assets.css?.sync, assets.css?.async]) {
      for (const file of list ?? []) files.add(`${publicPath}${file}`);
    }
  }
  return [...files];
}

/** The id of a server-rendered page's JSON data block (core's PAGE_DATA_ELEMENT_ID; the worker bundles no core). */
export const PAGE_DATA_ID = 'page-data';

/** An API answer a server-rendered page carries: its address (normalized like every cache key) and body. */
export interface PageRead {
  url: string;
  body: unknown;
}

/**
 * The API answers a page rendered on the server was made from (its data block): the 200s, by address. The
 * page's own code reads them from the page, not from the network, so the worker keeps them as if it had been
 * asked: a post opened from a link is then readable offline like one opened in the app.
 */
export function pageReads(html: string, origin: string): PageRead[] {
  const block = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}"[^>]*>([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!block?.[1]) return [];
  let data: { reads?: Record<string, { status?: unknown; body?: unknown } | null> };
  try {
    data = JSON.parse(block[1]);
  } catch {
    return [];
  }
  return Object.entries(data.reads ?? {})
    .filter(([path, read]) => path.startsWith('/api/') && read?.status === 200)
    .map(([path, read]) => ({ url: normalizeApiUrl(new URL(path, origin).href), body: read?.body }));
}

/** The API key the server wrote into the page, for the worker's own warm-up requests. */
export function apiKeyFromHtml(html: string): string {
  return /<meta name="api-key" content="([^"]*)"/.exec(html)?.[1] ?? '';
}

const STORED_IMAGE = /^(\/storage\/poster_images\/[0-9a-f]{32})(?:-(\d+)w)?\.webp$/;

/**
 * The other URLs of the same stored image (its widths for `srcset`, and the stored file), widest first, the
 * stored file before them: offline, a page asking for a width it never loaded gets another one it did.
 * Empty for any other URL.
 */
export function sameImageUrls(url: string, widths: readonly number[]): string[] {
  const parsed = new URL(url);
  const match = STORED_IMAGE.exec(parsed.pathname);
  if (!match) return [];
  const base = match[1];
  const candidates = [`${base}.webp`, ...[...widths].sort((a, b) => b - a).map((w) => `${base}-${w}w.webp`)];
  return candidates
    .filter((path) => path !== parsed.pathname)
    .map((path) => new URL(path, parsed.origin).href);
}

/**
 * The stored images a portfolio read shows (`GET /api/portfolio` or `/api/portfolio/{slug}`): the covers of a
 * list, a project's cover, SEO image and gallery; and the covers of the home page's teaser (`GET /api/home`'s
 * `projects`). The worker keeps them with the read, so a project seen once
 * shows its pictures offline, even those further down the page that were never scrolled to.
 */
export function portfolioImageUrls(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data as
    | { data?: unknown; projects?: unknown; cover_image?: unknown; seo_image?: unknown; gallery?: unknown }
    | undefined;
  if (!data || typeof data !== 'object') return [];
  const urls: unknown[] = [];
  for (const cards of [data.data, data.projects])
    if (Array.isArray(cards))
      urls.push(...cards.map((card) => (card as { cover_image?: unknown }).cover_image));
  urls.push(data.cover_image, data.seo_image);
  if (Array.isArray(data.gallery))
    urls.push(...data.gallery.map((image) => (image as { image?: unknown }).image));
  return [...new Set(urls.filter((url): url is string => typeof url === 'string' && STORED_IMAGE.test(url)))];
}
