/// <reference lib="webworker" />
import { LANGUAGES, localeUrl, NAMESPACES } from '@agency/core/i18n-constants';
import { IMAGE_WIDTHS } from '@agency/core/images';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  apiKeyFromHtml,
  isAppPage,
  isShareable,
  normalizeApiUrl,
  pageReads,
  remoteFiles,
  sameImageUrls,
} from './cache-keys';

declare const self: ServiceWorkerGlobalScope;

/**
 * What the site keeps for offline reading (ARCHITECTURE section 6):
 * - root-config's own build: precached (Workbox manifest); the page itself is the server's `/` (it carries
 *   the API key and site details), fetched at install and used for every navigation when offline;
 * - every remote's files (from its mf-manifest.json) and the translations of both languages, at install, so
 *   the first visit already works offline;
 * - post lists and posts network-first, services stale-while-revalidate, the FAQ (what the agency edits)
 *   network-first, poster images cache-first with an expiry and a size cap; only 200s the server did not mark `no-store` (editor sessions never are cached);
 * - writes, sign-in and everything else: never touched.
 */
const CACHES = {
  shell: 'agency-shell',
  remotes: 'agency-remotes',
  locales: 'agency-locales',
  posts: 'agency-api-posts',
  services: 'agency-api-services',
  /** The editable content's public reads (the FAQ now; the kinds that follow the same way). */
  content: 'agency-api-content',
  images: 'agency-poster-images',
} as const;

const shareableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isShareable(response) ? response : null),
};
const normalizedKeys = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => normalizeApiUrl(request.url),
};
// Public API answers vary only by URL; a session's answers are never stored, so Vary can be ignored.
const apiMatch = { ignoreVary: true };

precacheAndRoute(
  self.__WB_MANIFEST.filter(
    (entry) => !(typeof entry === 'string' ? entry : entry.url).endsWith('index.html'),
  ),
);
cleanupOutdatedCaches();

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { cache: 'no-store', ...init });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function cacheAppShell(): Promise<string> {
  // The public page, without this browser's cookies: an editor's own page (`no-store`, with the token of
  // their session) is never kept.
  const response = await fetchOk('/', { credentials: 'omit' });
  const html = await response.clone().text();
  await (await caches.open(CACHES.shell)).put('/', response);
  return html;
}

async function cacheRemotes(): Promise<void> {
  const cache = await caches.open(CACHES.remotes);
  const registryResponse = await fetchOk('/mf-registry.json');
  const registry = (await registryResponse.clone().json()) as Record<string, string>;
  await cache.put('/mf-registry.json', registryResponse);
  await Promise.all(
    Object.values(registry).map(async (base) => {
      const manifest = await (await fetchOk(`${base}mf-manifest.json`)).json();
      await cache.addAll(remoteFiles(base, manifest));
    }),
  );
}

async function cacheLocales(): Promise<void> {
  const urls = LANGUAGES.flatMap((lng) => NAMESPACES.map((ns) => localeUrl(lng, ns)));
  await (await caches.open(CACHES.locales)).addAll(urls);
}

/**
 * Best effort: the first page of the blog and the home teaser in both languages, their poster images, and
 * the services, so a visitor who saw only the home page can still open /blog offline.
 */
async function warmPublicData(apiKey: string): Promise<void> {
  // The public view, even for a signed-in editor (whose answers are no-store and would never be kept).
  const init: RequestInit = {
    headers: { Accept: 'application/json', 'x-api-key': apiKey },
    credentials: 'omit',
  };
  const discard = (response: Response) => response.body?.cancel().catch(() => undefined);
  const posts = await caches.open(CACHES.posts);
  const services = await caches.open(CACHES.services);
  const images = await caches.open(CACHES.images);
  await Promise.all(
    LANGUAGES.map(async (language) => {
      const servicesUrl = new URL(`/api/services?language=${language}`, self.location.origin).href;
      const servicesResponse = await fetch(servicesUrl, init);
      if (isShareable(servicesResponse)) await services.put(normalizeApiUrl(servicesUrl), servicesResponse);
      else await discard(servicesResponse);
      for (const perPage of [9, 10]) {
        const url = new URL(`/api/posts?language=${language}&per_page=${perPage}`, self.location.origin).href;
        const response = await fetch(url, init);
        if (!isShareable(response)) {
          await discard(response);
          continue;
        }
        const body = (await response.clone().json()) as {
          data?: { data?: { poster_image?: string | null }[] };
        };
        await posts.put(normalizeApiUrl(url), response);
        const files = (body.data?.data ?? [])
          .map((post) => post.poster_image)
          .filter((f): f is string => !!f);
        await Promise.all(
          files.map(async (file) => {
            const imageUrl = `/storage/poster_images/${encodeURIComponent(file)}`;
            if (await images.match(imageUrl)) return;
            const image = await fetch(imageUrl, { credentials: 'omit' });
            if (image.ok) await images.put(imageUrl, image);
            else await discard(image);
          }),
        );
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const [html] = await Promise.all([cacheAppShell(), cacheRemotes(), cacheLocales()]);
      await warmPublicData(apiKeyFromHtml(html)).catch((error) =>
        console.warn('offline warm-up skipped', error),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The API addresses each cache keeps: the routes below, and the reads a page carries (keepPageReads). */
const POSTS_API = /^\/api\/posts(\/|$)/;
const SERVICES_API = /^\/api\/services(\/|$)/;
/** Editable content's public reads (`GET /api/faq?language=`); the editor's `/api/faq/items` is never kept. */
const CONTENT_API = /^\/api\/faq$/;

/** How long kept posts live, and how many: the same for the posts route below and for a page's reads. */
const POSTS_EXPIRATION = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 };
const postsExpiration = new CacheExpiration(CACHES.posts, POSTS_EXPIRATION);

/**
 * A public page the server rendered carries the API answers it was made from (its data block), and its code
 * reads them there instead of asking: they are kept in the API caches as if asked, so a post opened from a
 * link is readable offline later, like one opened in the app. Not an editor's page (`no-store`).
 */
async function keepPageReads(response: Response): Promise<void> {
  if (!isAppPage(response) || !isShareable(response)) return;
  const reads = pageReads(await response.text(), self.location.origin);
  for (const { url, body } of reads) {
    const path = new URL(url).pathname;
    const cacheName = POSTS_API.test(path)
      ? CACHES.posts
      : SERVICES_API.test(path)
        ? CACHES.services
        : CONTENT_API.test(path)
          ? CACHES.content
          : null;
    if (!cacheName) continue;
    const answer = new Response(JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    await (await caches.open(cacheName)).put(url, answer);
    if (cacheName === CACHES.posts) await postsExpiration.updateTimestamp(url);
  }
  if (reads.length > 0) await postsExpiration.expireEntries();
}

// Pages: the network when it answers within 3 s, else the app page kept at install. Every route is the same
// page, so one entry serves them all; the API answers a page carries are kept apart (keepPageReads).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: CACHES.shell,
      networkTimeoutSeconds: 3,
      plugins: [
        {
          fetchDidSucceed: async ({ response, event }) => {
            const keeping = keepPageReads(response.clone()).catch(() => undefined);
            (event as ExtendableEvent | undefined)?.waitUntil?.(keeping);
            return response;
          },
        },
        { cacheKeyWillBeUsed: async () => new URL('/', self.location.origin).href },
        // A 404 page is the same app, a feed or the sitemap is no page: keep only 200s in HTML as the shell,
        // and never an answer marked `no-store` (an editor's page, holding their session's token).
        {
          cacheWillUpdate: async ({ response }) =>
            isAppPage(response) && isShareable(response) ? response : null,
        },
      ],
    }),
  ),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname === '/mf-registry.json' ||
      /^\/mf\/[^/]+\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname)),
  new NetworkFirst({ cacheName: CACHES.remotes, networkTimeoutSeconds: 3 }),
);

// Content-hashed files never change: from the cache when there, else the network, kept for next time.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/mf/assets/'),
  new CacheFirst({
    cacheName: CACHES.remotes,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/locales/'),
  new NetworkFirst({ cacheName: CACHES.locales, networkTimeoutSeconds: 3 }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && POSTS_API.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.posts,
    networkTimeoutSeconds: 4,
    matchOptions: apiMatch,
    plugins: [shareableOnly, normalizedKeys, new ExpirationPlugin(POSTS_EXPIRATION)],
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && SERVICES_API.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.services,
    matchOptions: apiMatch,
    plugins: [shareableOnly, normalizedKeys],
  }),
);

// What the agency edits: the network first, so that a save shows on the next load; the last answer offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && CONTENT_API.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.content,
    networkTimeoutSeconds: 4,
    matchOptions: apiMatch,
    plugins: [shareableOnly, normalizedKeys],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/storage/poster_images/'),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [
      shareableOnly,
      // Offline, a width of a poster never loaded (a wider screen, a card after its post) falls back to one
      // that was: the stored file the warm-up kept, or another width.
      {
        handlerDidError: async ({ request }) => {
          const images = await caches.open(CACHES.images);
          for (const url of sameImageUrls(request.url, IMAGE_WIDTHS)) {
            const kept = await images.match(url);
            if (kept) return kept;
          }
          return undefined;
        },
      },
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
