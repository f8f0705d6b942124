/// <reference lib="webworker" />
import { CONTACT_REPLAY, CONTACT_SENT, type ContactSentMessage } from '@agency/core/contact-queue';
import { LANGUAGES, localeUrl, NAMESPACES } from '@agency/core/i18n-constants';
import { IMAGE_WIDTHS } from '@agency/core/images';
import { Queue } from 'workbox-background-sync';
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
  portfolioImageUrls,
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
 * - post lists and posts network-first (a search's results never: always the network), services stale-while-revalidate, the FAQ and the portfolio (what the
 *   agency edits) network-first, a portfolio read's images kept with it, poster images cache-first with an expiry and a size cap; only 200s the server did not mark
 *   `no-store` (editor sessions never are cached);
 * - the contact form's message, when the network fails: kept in a queue and sent when the connection is back
 *   (below); every other write, sign-in and everything else: never touched.
 */
const CACHES = {
  shell: 'agency-shell',
  remotes: 'agency-remotes',
  locales: 'agency-locales',
  posts: 'agency-api-posts',
  /** `-2`: the answers kept before services had addresses of their own (`slug`) are dropped (on activate). */
  services: 'agency-api-services-2',
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
 * Best effort: the first page of the blog and the home teaser in both languages, their poster images, the
 * services and the marketing pages' content (the home page's with its teaser's covers), so a visitor who saw only the home page can still open /blog,
 * /pricing or the home page offline.
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
  const content = await caches.open(CACHES.content);
  await Promise.all(
    LANGUAGES.map(async (language) => {
      const servicesUrl = new URL(`/api/services?language=${language}`, self.location.origin).href;
      const servicesResponse = await fetch(servicesUrl, init);
      if (isShareable(servicesResponse)) await services.put(normalizeApiUrl(servicesUrl), servicesResponse);
      else await discard(servicesResponse);
      // The content the marketing pages are made of (the home page's texts and logos, the plans, the FAQ), so
      // that they render offline after a visit to any one of them.
      for (const path of ['/api/home', '/api/pricing', '/api/faq']) {
        const url = new URL(`${path}?language=${language}`, self.location.origin).href;
        const response = await fetch(url, init);
        if (!isShareable(response)) {
          await discard(response);
          continue;
        }
        // The home page's teaser shows the portfolio's first covers: kept with it.
        if (path === '/api/home')
          await keepPortfolioImages(await response.clone().json()).catch(() => undefined);
        await content.put(normalizeApiUrl(url), response);
      }
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

/** Caches an earlier worker kept that this one no longer reads (their answers have an older shape). */
const RETIRED_CACHES = ['agency-api-services'];

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      ...RETIRED_CACHES.map((name) => caches.delete(name).catch(() => false)),
    ]),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === CONTACT_REPLAY) event.waitUntil(contactReplayAsked(event.source));
});

/** The API addresses each cache keeps: the routes below, and the reads a page carries (keepPageReads). */
const POSTS_API = /^\/api\/posts(\/|$)/;
const SERVICES_API = /^\/api\/services(\/|$)/;
/**
 * Editable content's public reads (`GET /api/faq?language=`, `GET /api/pricing?language=`, `GET /api/home?language=`,
 * `GET /api/portfolio?…`
 * and `GET /api/portfolio/{slug}`); the editor's reads (`/api/faq/items`, `/api/pricing/plans`, `/api/home/edit`, `/api/client-logos/items`,
 * `/api/portfolio/items`, `/api/faq/categories`, `/api/pricing/categories`) are never kept.
 */
const CONTENT_API = /^\/api\/(faq|pricing|home|portfolio(\/(?!items$|order$)[^/]+)?)$/;
/** The reads that show portfolio covers: the portfolio's own and the home page's (its teaser). */
const PORTFOLIO_API = /^\/api\/(portfolio(\/|$)|home$)/;

/** Keeps the images a portfolio read shows (the stored files; a width never loaded falls back to them). */
async function keepPortfolioImages(body: unknown): Promise<void> {
  const images = await caches.open(CACHES.images);
  await Promise.all(
    portfolioImageUrls(body).map(async (url) => {
      if (await images.match(url)) return;
      const image = await fetch(url, { credentials: 'omit' });
      if (image.ok) await images.put(url, image);
      else await image.body?.cancel().catch(() => undefined);
    }),
  );
}

/**
 * A search of the posts (`/api/posts?q=`): always asked of the network, never kept. Kept searches would push
 * the posts kept for offline reading out (the cache holds 200 answers), and offline the page says a search
 * needs a connection.
 */
function isSearch(url: URL): boolean {
  return POSTS_API.test(url.pathname) && url.searchParams.has('q');
}

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
    // A search's results are not kept (isSearch): its queries are endless.
    if (isSearch(new URL(url))) continue;
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
    if (PORTFOLIO_API.test(path)) await keepPortfolioImages(body).catch(() => undefined);
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
    // A shared preview (`/preview/{token}`) is a draft for one reader: never the app page, never kept.
    { denylist: [/^\/preview\//] },
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
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    POSTS_API.test(url.pathname) &&
    !isSearch(url),
  new NetworkFirst({
    cacheName: CACHES.posts,
    networkTimeoutSeconds: 4,
    matchOptions: apiMatch,
    plugins: [shareableOnly, normalizedKeys, new ExpirationPlugin(POSTS_EXPIRATION)],
  }),
);

/**
 * A service read at an address it had before (the server sent the read on, 301, to its current one): kept
 * under the current address only, and the old address's entry dropped, so that the next visit and an offline
 * one ask by the current address (and the page moves there), and a service that takes over the old address
 * is not hidden behind a kept answer.
 */
const currentServiceAddress = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) => {
    if (!response.redirected) return response;
    const cache = await caches.open(CACHES.services);
    await cache.delete(normalizeApiUrl(request.url));
    if (isShareable(response))
      await cache.put(
        normalizeApiUrl(response.url),
        new Response(await response.clone().blob(), { headers: response.headers }),
      );
    return null;
  },
};

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && SERVICES_API.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.services,
    matchOptions: apiMatch,
    plugins: [currentServiceAddress, shareableOnly, normalizedKeys],
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
    plugins: [
      shareableOnly,
      normalizedKeys,
      {
        // A portfolio read's images are kept with it: the project reads offline with its pictures.
        fetchDidSucceed: async ({ request, response, event }) => {
          if (PORTFOLIO_API.test(new URL(request.url).pathname) && isShareable(response)) {
            const keeping = response
              .clone()
              .json()
              .then(keepPortfolioImages)
              .catch(() => undefined);
            (event as ExtendableEvent | undefined)?.waitUntil?.(keeping);
          }
          return response;
        },
      },
    ],
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

/**
 * The contact form, offline. A message whose request fails for want of a network (it carries an
 * `Idempotency-Key`, so sending it twice stores it once) is kept in IndexedDB and the page is answered 202
 * `contact_queued`: the form says it will be sent when the visitor is online. The queue is sent when the
 * browser's Background Sync says the connection is back, even with every tab closed (Chromium); where there is
 * no Background Sync, when the worker starts (Workbox's fallback) and whenever a page asks (`CONTACT_REPLAY`:
 * at each visit and when the browser comes back online). Kept 30 days.
 */
let replaying: Promise<void> | null = null;

/** One replay at a time: a sync event and a page's request arriving together send each message once. */
function replayContact(queue: Queue): Promise<void> {
  replaying ??= sendQueued(queue).finally(() => {
    replaying = null;
  });
  return replaying;
}

// Declared after what its onSync uses: without Background Sync, Workbox runs onSync from within this
// constructor, before `contactQueue` itself is assigned (hence the queue from the argument).
const contactQueue = new Queue('agency-contact', {
  maxRetentionTime: 30 * 24 * 60,
  onSync: ({ queue }) => replayContact(queue),
});

/** Where the worker keeps the news of messages it sent while no page was open, for the next visit. */
const CONTACT_NEWS = 'agency-contact-news';

/** Fetches the page's CSRF token again (the one a page opened offline carries belongs to no cookie). */
async function withFreshToken(request: Request): Promise<Request> {
  const res = await fetch('/api/csrf', {
    headers: { Accept: 'application/json', 'x-api-key': request.headers.get('x-api-key') ?? '' },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const token = res.ok ? ((await res.json()) as { token?: string }).token : undefined;
  if (!token) throw new Error(`GET /api/csrf: HTTP ${res.status}`);
  const headers = new Headers(request.headers);
  headers.set('X-CSRF-TOKEN', token);
  return new Request(request, { headers });
}

async function sendQueued(queue: Queue): Promise<void> {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const { request } = entry;
    let response: Response;
    try {
      response = await fetch(request.clone());
      if (response.status === 403) response = await fetch(await withFreshToken(request));
    } catch (error) {
      // Still no network: back at the head of the queue, and the sync is tried again later.
      await queue.unshiftRequest(entry);
      throw error;
    }
    // The server busy or down (429, 5xx): kept for the next try. Anything else is its final answer.
    if (response.status === 429 || response.status >= 500) {
      await queue.unshiftRequest(entry);
      throw new Error(`POST /api/contact: HTTP ${response.status}`);
    }
    await tellPages({
      type: CONTACT_SENT,
      key: request.headers.get('Idempotency-Key') ?? '',
      ok: response.ok,
    });
  }
}

/** Tells every open page; with none open, keeps the news for the next visit's `CONTACT_REPLAY`. */
async function tellPages(message: ContactSentMessage): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage(message);
  if (pages.length > 0) return;
  const news = await caches.open(CONTACT_NEWS);
  await news.put(`/contact-news/${message.key}`, new Response(JSON.stringify(message)));
}

/** The news kept while no page was open, for the page that asked for a replay. */
async function tellKeptNews(page: Client): Promise<void> {
  const news = await caches.open(CONTACT_NEWS);
  for (const request of await news.keys()) {
    const kept = await news.match(request);
    if (kept) page.postMessage(await kept.json());
    await news.delete(request);
  }
}

/** A page opened, or came back online: the news it missed, then the queue. */
async function contactReplayAsked(page: Client | ServiceWorker | MessagePort | null): Promise<void> {
  if (page && 'id' in page) await tellKeptNews(page).catch(() => undefined);
  // A page's `online` event can come a moment before the network carries anything: a few more tries, soon
  // after, rather than waiting for the next visit.
  for (const wait of [0, 1000, 3000, 6000]) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = await replayContact(contactQueue).then(
      () => true,
      () => false,
    );
    if (sent) return;
  }
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/contact',
  async ({ request }) => {
    const kept = request.clone();
    try {
      return await fetch(request);
    } catch (error) {
      // A page from before the key (no Idempotency-Key) is answered as before: its message could be sent twice.
      if (!kept.headers.has('Idempotency-Key')) throw error;
      await contactQueue.pushRequest({ request: kept });
      return new Response(JSON.stringify({ success: true, message: 'contact_queued' }), {
        status: 202,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    }
  },
  'POST',
);
