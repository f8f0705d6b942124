import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PublicProject } from '@agency/core/content';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  LANGUAGES,
  type Language,
} from '@agency/core/language';
import { blogPage, POSTS_PER_PAGE } from '@agency/core/page-constants';
import { PAGE_DATA_ELEMENT_ID, pageAddress } from '@agency/core/page-data';
import { matchRoute, type RouteMatch } from '@agency/core/routes';
import { slugProblem } from '@agency/core/rules';
import type { PublicSettings } from '@agency/core/settings';
import type { Post, SiteConfig } from '@agency/core/types';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S, unavailableCause } from '../errors';
import { createAppShell } from '../lib/app-shell';
import { classesInPage } from '../lib/critical-css';
import { LOCALE_NAMESPACE_OWNERS, MICRO_FRONTENDS } from '../lib/front-end';
import { escapeAttribute, renderAppMeta, scriptSafeJson, withSiteConfig } from '../lib/html';
import { type Stylesheet, styleMarkup } from '../lib/inline-styles';
import { gzipPage, type KeptPage, makePageBody, plainPage } from '../lib/page-body';
import { pageHeadTags } from '../lib/page-head';
import { pageLanguage } from '../lib/page-language';
import { createPageRenderer, type RenderedPage } from '../lib/page-render';
import { openPreviewLink, PREVIEW_PATH } from '../lib/preview-links';
import {
  movedLocation,
  pastTheLastPage,
  postListRead,
  postRead,
  projectRead,
  serviceRead,
  servicesRead,
  settingsRead,
} from '../lib/public-reads';
import { publicationClock } from '../lib/publication-clock';
import { acceptsEncoding, type Ticket } from '../lib/read-cache';
import { isHashedAsset, isSafeFileName, rawPathname, safeRelativePath } from '../lib/safe-path';
import { feedLinks } from '../lib/search-engines';
import { IMAGE_NAME, parseVariantName } from '../lib/storage';
import { noticePage, UNAVAILABLE_STYLE_HASHES, unavailablePage } from '../lib/unavailable-page';
import { toPostJson } from './posts-repository';
import { type CachedRead, PER_ANSWER_HEADERS } from './read-cache';
import { contentSecurityPolicy } from './security-headers';
import { cookieName, isHttps } from './sessions';
import { siteConfigOf } from './settings-repository';

export interface WebPluginOptions {
  /** Folder holding `root-config/dist`, `mf-shell/dist` and the other front-end builds. */
  webRoot: string;
  apiKey: string;
  site: SiteConfig;
  /** PUBLIC_ORIGIN, for the absolute URLs in the page's head (the feeds). */
  publicOrigin: string;
}

type PostJson = Post & { updated_at: string };

/** How many addresses the pages' fast path remembers before it starts again. */
const MAX_FAST_PAGES = 10_000;

/** A page as the server answers it; `kept` when it is in memory. */
interface ServedPage {
  html: string;
  etag: string;
  status: 200 | 404;
  /** Everything it was made from is kept in memory, and nothing in it failed. */
  keep: boolean;
  kept?: KeptPage;
  /** The CSP sources of its inline stylesheets. */
  styleHashes: string[];
  /**
   * A renamed post's or service's old address: the page's current address, percent-encoded, without the query
   * (the page's own read answered 301).
   */
  movedTo?: string;
}

/**
 * The pages whose subject an editor may move to another address (a post's slug, a service's): the read that
 * says so (301 with the current slug) and the page's path before the slug.
 */
const MOVABLE_PAGES: Readonly<Record<string, { read: string; page: string }>> = {
  'blog-post': { read: '/api/posts/', page: '/blog/' },
  'service-detail': { read: '/api/services/', page: '/services/' },
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/**
 * How long the redirect of a stored image to S3_PUBLIC_URL is kept: a day, not for good (301), so a bucket or
 * CDN moved to another address is followed within a day.
 */
export const STORED_IMAGE_REDIRECT = 'public, max-age=86400';

/** `/login` and the pages under it (`/login/forgot`, `/login/reset`, `/login/invitation`), by the request's URL. */
export function isLoginPage(url: string): boolean {
  return /^\/login(?:\/[^?]*)?(?:\?.*)?$/i.test(url);
}

export const FRONT_END_NOT_BUILT = 'front-end not built: run pnpm build';

/**
 * Where each visitor's token goes in the kept page. Random per process: a post's title or text rendered into
 * the page can never hold it, so only the one slot in the head is filled.
 */
const CSRF_SLOT = `{{csrf-${randomBytes(16).toString('hex')}}}`;

/** Paths that only ever name files: a miss is a plain 404, never the app page. */
const FILE_ONLY_PREFIXES = ['/mf/', '/assets/', '/locales/', '/storage/'];

function isMicroFrontend(name: string): name is (typeof MICRO_FRONTENDS)[number] {
  return (MICRO_FRONTENDS as readonly string[]).includes(name);
}

/**
 * The language of the page this request gets. `cookies`: the request's, parsed by the caller where no hook
 * has parsed them yet (the fast path).
 */
function pageLanguageOf(
  request: FastifyRequest,
  cookies: Readonly<Record<string, string | undefined>> = request.cookies,
) {
  return pageLanguage({
    query: (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM],
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not found' });
}

/** `<div id="x"></div>` of root-config's index.html with the part's markup inside. */
function fillContainer(html: string, id: string, markup: string): string {
  if (!markup) return html;
  const empty = `<div id="${id}"></div>`;
  return html.replace(empty, () => `<div id="${id}">${markup}</div>`);
}

/**
 * The page's data block: the URL and language it was rendered for, the reads (their JSON bodies as the API
 * sends them) and the translations. JSON only, escaped so nothing in it can end the element.
 */
function pageDataBlock(page: RenderedPage, url: string, language: Language): string {
  const reads = Object.entries(page.reads)
    .map(([key, read]) => `${JSON.stringify(key)}:{"status":${read.status},"body":${read.json}}`)
    .join(',');
  const json = `{"url":${JSON.stringify(url)},"language":${JSON.stringify(language)},"reads":{${reads}},"resources":${JSON.stringify(page.resources)}}`;
  // `data-url` too, so the page can tell at once (before any script parses the data) which address it shows.
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}" data-url="${escapeAttribute(url)}">${scriptSafeJson(json)}</script>`;
}

/**
 * root-config's page (one language, the CSRF slot in it) with a server render put in, and the CSP sources of
 * the stylesheets it carries inline (lib/inline-styles.ts).
 */
function composePage(
  template: string,
  page: RenderedPage,
  rootStyles: readonly (Stylesheet & { tag: string })[],
  url: string,
  language: Language,
  headTags: string,
): { html: string; styleHashes: string[] } {
  // The page reads without JavaScript: the notice that the site needs it is for pages rendered in the browser.
  // Taken out of root-config's page before anything is put in, so a part's own <noscript> stays.
  let html = withSiteConfig(template, page.site).replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
  // The page paints and reads from its HTML: its scripts (hydration) are fetched after what it shows (the LCP
  // image, the font), not before.
  html = html.replace(/<script type="module"([^>]*)><\/script>/, (_all, attributes: string) =>
    /fetchpriority=/.test(attributes)
      ? _all
      : `<script type="module"${attributes} fetchpriority="low"></script>`,
  );
  for (const [id, markup] of Object.entries(page.parts)) html = fillContainer(html, id, markup);
  const hashes = new Set<string>();
  // root-config's own stylesheet whole in its place (nothing of its code asks for it again; its font faces
  // must not be declared twice, or a late second face would swap the Arabic font that `optional` kept out)...
  for (const sheet of rootStyles) {
    const markup = styleMarkup([sheet], { loadedLater: false });
    html = html.replace(sheet.tag, () => markup.html);
    for (const hash of markup.hashes) hashes.add(hash);
  }
  // ...and of the micro-frontends' what this page's markup uses, in the order they were linked before.
  const appStyles = styleMarkup(page.styles, { loadedLater: true, pageClasses: classesInPage(html) });
  for (const hash of appStyles.hashes) hashes.add(hash);
  if (page.head.title)
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeAttribute(page.head.title ?? '')}</title>`,
    );
  if (page.head.description)
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(page.head.description ?? '')}" />`,
    );
  const head = [
    appStyles.html,
    // React's hints (the LCP image's preload) before the scripts: the image is what the page is judged by.
    page.hints,
    ...[...new Set(page.scripts)].map(
      (href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" fetchpriority="low">`,
    ),
    headTags,
  ]
    .filter(Boolean)
    .join('\n    ');
  html = html.replace(/<\/head>/i, (end) => `    ${head}\n  ${end}`);
  html = html.replace(/<\/body>/i, (end) => `  ${pageDataBlock(page, url, language)}\n  ${end}`);
  return { html, styleHashes: [...hashes] };
}

/**
 * The address of the page a request asks for, written one way (core's pageAddress: the blog's page number as a
 * number, `lng` only when it names one of our languages, nothing else of the query), with `/index.html` as `/`
 * and the extra slashes in front of a path dropped. The page is rendered for this address, so every spelling of
 * it gets the same page.
 */
function addressOf(url: string): string {
  const path = url.startsWith('/index.html') ? `/${url.slice('/index.html'.length)}` : url;
  return pageAddress(path.replace(/^\/+(?=\/)/, ''));
}

/**
 * Where a public page is kept: the language it is rendered in (from `?lng=`, the cookie or Accept-Language, as
 * the page is) and its address. Made-up spellings (`?lng=zz91`, `?page=02`, `?page=5` on /about, a campaign's
 * `utm_source`) are the same few keys, so they cannot push the real pages out of memory.
 */
const keptPageKey = (language: Language, url: string) => `${language}|${addressOf(url)}`;

/** The text of an escaped attribute value or element of root-config's page. */
function textOf(escaped: string | undefined): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return (escaped ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (_all, name: string) => entities[name] ?? '');
}

/**
 * A kept page sent while the database cannot be reached, as it was last kept: `Age` says how old it is, and
 * `Warning: 111` (revalidation failed) that it could not be checked against the database.
 */
function markStale(reply: FastifyReply, keptAt: number): void {
  reply
    .header('age', String(Math.max(0, Math.floor((Date.now() - keptAt) / 1000))))
    .header('warning', '111 - "Revalidation Failed"');
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Serves the production front-end from one process: root-config at `/`, each remote under `/mf/<name>/`, the
 * translation files, the uploads, and the app page for every navigation (HTTP 404 with the same page when no
 * route matches, so crawlers see the miss while visitors get the app's 404 screen).
 *
 * Cache rules: files under an `assets/` folder are content-hashed by Vite and cached for a year; everything a
 * deploy replaces in place (pages, remote entries, manifests, the registry, the service worker, translations)
 * is `no-cache`, i.e. revalidated on every use.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, opts) => {
  const webRoot = path.resolve(opts.webRoot);
  const rootDist = path.join(webRoot, 'root-config', 'dist');
  const images = app.storage.store;
  if (images.dir !== null) await mkdir(images.dir, { recursive: true });

  if (!existsSync(path.join(rootDist, 'index.html'))) {
    app.log.warn(`${FRONT_END_NOT_BUILT} (no ${path.join(rootDist, 'index.html')})`);
  }

  // Only for reply.sendFile (ETag, Last-Modified, ranges, HEAD): routing stays ours.
  await app.register(fastifyStatic, { serve: false });

  const feeds = feedLinks(opts.publicOrigin, opts.site.name);
  const appMeta = renderAppMeta(opts.apiKey, opts.site, '', feeds);
  // The page is kept in memory with a placeholder where each visitor's CSRF token goes.
  const shell = createAppShell(
    path.join(rootDist, 'index.html'),
    renderAppMeta(opts.apiKey, opts.site, CSRF_SLOT, feeds),
    () => app.log.warn('root-config index.html has no <!--app-meta--> marker; injecting before </head>'),
  );

  /**
   * Starts sending `root/rel` with the given headers when it is a regular file: true then, false otherwise.
   * Not the reply itself: a reply is thenable, and awaiting it gave `undefined`, so callers took a file they
   * had sent for one they had not and sent the app page after it.
   */
  async function sendExisting(
    reply: FastifyReply,
    root: string,
    rel: string,
    headers: Record<string, string>,
  ): Promise<boolean> {
    try {
      if (!(await stat(path.join(root, rel))).isFile()) return false;
    } catch {
      return false;
    }
    reply.headers(headers);
    reply.sendFile(rel, root, { cacheControl: false, index: false, dotfiles: 'deny' });
    return true;
  }

  const renderer = createPageRenderer(app, { webRoot, site: opts.site });

  const pages = app.readCache.pages;
  const nextPublication = publicationClock(app);
  /** The deploy the kept pages were rendered from: when the files change, they are all dropped. */
  let keptBuild = renderer.buildVersion();
  function dropPagesOfAnOlderBuild() {
    const build = renderer.buildVersion();
    if (build !== keptBuild) {
      keptBuild = build;
      pages.clear();
    }
  }

  /** The ETag of a page as one visitor gets it: the page's own and the visitor's token. */
  const visitorEtag = (pageEtag: string, token: string) =>
    `"${createHash('sha256').update(`${pageEtag}|${token}`).digest('base64url').slice(0, 27)}"`;

  /**
   * The headers of every public page: per visitor (the token), so only the browser may keep it; a CSP that
   * allows the page's inline stylesheets.
   */
  function pageHeaders(
    request: FastifyRequest,
    reply: FastifyReply,
    editor: boolean,
    etag: string,
    styleHashes: readonly string[] | undefined,
  ) {
    const login = isLoginPage(request.url);
    // The sign-in pages and the ones a link's token opens: kept nowhere (not even by the service worker,
    // which keeps no `no-store` page), and no address of theirs is sent on as a Referer.
    if (login) reply.header('referrer-policy', 'no-referrer');
    reply
      .header('content-security-policy', contentSecurityPolicy(isHttps(request), styleHashes))
      .header('cache-control', editor || login ? 'private, no-store' : `private, ${NO_CACHE}`)
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
  }

  /**
   * A kept page with this visitor's token in its slot: gzip put together from the kept halves (nothing is
   * compressed per request), or the text when the browser takes no gzip.
   */
  function sendKept(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: KeptPage,
    stale?: { keptAt: number },
  ): FastifyReply {
    // An address whose kept page went out whole may take the fast path next time (never a stale copy): only as
    // the page itself writes it, so that made-up spellings cannot fill the fast path's table (they are answered
    // from memory all the same).
    if (request.method === 'GET' && !request.editor && !stale && addressOf(request.url) === request.url)
      learning.add(request);
    const token = app.csrf.token(request, reply);
    const etag = visitorEtag(kept.etag, token);
    pageHeaders(request, reply, false, etag, kept.styleHashes);
    if (stale) markStale(reply, stale.keptAt);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.code(200);
    if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip'))
      return reply.send(plainPage(kept.body, token));
    // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
    return reply.header('content-encoding', 'gzip').send(gzipPage(kept.body, token));
  }

  /**
   * The fast way for a public page already in memory: no file lookup, no session query, no render. Only for a
   * request without a session cookie (an editor's pages are never kept); false when the page is not kept.
   */
  function sendKeptPage(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.cookies[cookieName(request, 'session')] !== undefined) return false;
    dropPagesOfAnOlderBuild();
    const kept = pages.get(keptPageKey(pageLanguageOf(request), request.url));
    if (!kept) return false;
    sendKept(request, reply, kept);
    return true;
  }

  /**
   * Addresses whose kept page the fast path may send (learned from the full pipeline's answer): the headers
   * that answer had but the per-answer ones and its cookie.
   */
  const fastPages = new Map<string, string[]>();
  const learning = new WeakSet<FastifyRequest>();
  const fastKey = (request: FastifyRequest) => `${request.protocol}|${request.url}`;

  app.addHook('onResponse', async (request, reply) => {
    if (!learning.has(request) || reply.statusCode !== 200) return;
    if (fastPages.size >= MAX_FAST_PAGES) fastPages.clear();
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      const lower = name.toLowerCase();
      // The cookie is per visitor; the CSP goes with the kept page it allows.
      if (value === undefined || PER_ANSWER_HEADERS.has(lower) || lower === 'set-cookie') continue;
      if (lower === 'content-security-policy') continue;
      for (const one of [value].flat()) headers.push(name, String(one));
    }
    fastPages.set(fastKey(request), headers);
  });

  /**
   * The fast path for a kept public page, before any hook: the same page, headers and token as the full
   * pipeline gives (sendKept), without routing, a dozen hooks and the session lookup. Only for a GET of an
   * address the full pipeline answered from memory before, without a session cookie; anything else, or a
   * page no longer kept, goes the full way.
   */
  function serveFastPage(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET') return false;
    const learned = fastPages.get(fastKey(request));
    if (!learned) return false;
    const header = request.headers.cookie;
    const cookies: Record<string, string | undefined> = header ? app.parseCookie(header) : {};
    if (cookies[cookieName(request, 'session')] !== undefined) return false;
    dropPagesOfAnOlderBuild();
    const kept = pages.get(keptPageKey(pageLanguageOf(request, cookies), request.url));
    if (!kept) return false;
    const { token, setCookie } = app.csrf.anonymousToken(request, cookies);
    const etag = visitorEtag(kept.etag, token);
    const headers = [
      ...learned,
      'etag',
      etag,
      'content-security-policy',
      contentSecurityPolicy(isHttps(request), kept.styleHashes),
    ];
    if (setCookie) headers.push('set-cookie', setCookie);
    reply.hijack();
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.raw.writeHead(304, headers);
      reply.raw.end();
      return true;
    }
    const gzip = acceptsEncoding(request.headers['accept-encoding'], 'gzip');
    const body = gzip ? gzipPage(kept.body, token) : plainPage(kept.body, token);
    if (gzip) headers.push('content-encoding', 'gzip');
    headers.push('content-length', String(body.length));
    reply.raw.writeHead(200, headers);
    reply.raw.end(body);
    return true;
  }
  app.fastPaths.push(serveFastPage);

  /** Renders running now, by key: visitors who ask for the same page meanwhile share the render. */
  const rendering = new Map<string, { ticket: Ticket; page: Promise<ServedPage | null> }>();

  /** A public page rendered on the server, kept in memory when everything it was made from is. */
  async function renderedPage(
    request: FastifyRequest,
    match: RouteMatch | null,
    language: Language,
    template: string,
  ): Promise<ServedPage | null> {
    const key = keptPageKey(language, request.url);
    const shared = rendering.get(key);
    if (shared && pages.valid(shared.ticket)) return shared.page;
    const entry = { ticket: pages.begin([]), page: Promise.resolve<ServedPage | null>(null) };
    entry.page = (async () => {
      // Asked before anything is read: a post published in between then ends the kept page's life at once.
      const expiresAt = app.readCache.active ? await nextPublication() : undefined;
      const rendered = await renderPage(request, match, language, template, (tags) => {
        entry.ticket = pages.begin(tags);
      });
      if (!rendered) return null;
      if (rendered.status !== 200 || !rendered.keep) return rendered;
      const kept: KeptPage = {
        body: await makePageBody(rendered.html, CSRF_SLOT),
        etag: rendered.etag,
        styleHashes: rendered.styleHashes,
      };
      pages.set(entry.ticket, key, kept, expiresAt);
      return { ...rendered, kept };
    })();
    rendering.set(key, entry);
    const done = () => {
      if (rendering.get(key) === entry) rendering.delete(key);
    };
    entry.page.then(done, done);
    return entry.page;
  }

  /**
   * The app page with this visitor's CSRF token (which sets the token's cookie on a first visit). The page
   * differs per visitor, so shared caches may not keep it (`private`), and with an editor session nothing
   * may (`no-store`); the ETag covers the token, so a revalidation answers 304 only for the same visitor.
   * The page is in the visitor's language (`?lng=`, the `lng` cookie, Accept-Language: lib/page-language.ts).
   * Public pages are rendered on the server and kept in memory (see renderedPage).
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const shellPages = await shell.load();
    if (!shellPages) {
      reply.header('cache-control', NO_CACHE);
      return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
    }
    const language = pageLanguageOf(request);
    const match = matchRoute(pathname);
    try {
      return await sendPage(request, reply, shellPages[language], match, language);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      return sendWithoutDatabase(request, reply, shellPages[language], match, language, err);
    }
  }

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    shellPage: { html: string; etag: string },
    match: RouteMatch | null,
    language: Language,
  ) {
    let page: { html: string; etag: string; styleHashes?: string[] } = shellPage;
    await app.sessions.load(request);
    let subject: { status: 200 | 404; movedTo?: string };
    // Public pages are rendered here. An editor's are not: they would show the public's view of a draft, and
    // an editor's page is never kept anyway.
    const rendered = request.editor ? null : await renderedPage(request, match, language, page.html);
    if (rendered?.kept) return sendKept(request, reply, rendered.kept);
    if (rendered) {
      page = rendered;
      subject = rendered;
    } else {
      subject = match ? await pageStatus(request, match) : { status: 404 };
      page = await withCurrentSite(page, language);
    }
    // A renamed post's or service's old address: on to the current one, with the same query. Not kept by
    // browsers without asking again (no-cache), since a new post or service may take the old address.
    if (subject.movedTo !== undefined) {
      reply.header('cache-control', NO_CACHE);
      const query = request.url.indexOf('?');
      return reply.redirect(`${subject.movedTo}${query === -1 ? '' : request.url.slice(query)}`, 301);
    }
    return sendPlain(request, reply, page, subject.status);
  }

  /**
   * The app page (rendered in the browser: an editor's screen, a page the server could not render) with the
   * site's settings as they are now in its site-config block; its ETag changes with them.
   */
  async function withCurrentSite(
    page: { html: string; etag: string },
    language: Language,
  ): Promise<{ html: string; etag: string }> {
    const { json } = await app.readCache.json(settingsRead(app, language));
    const site = siteConfigOf(
      (JSON.parse(json) as { data: PublicSettings }).data,
      opts.site.contactRetentionDays,
    );
    const html = withSiteConfig(page.html, site);
    const etag = `"${createHash('sha256').update(page.etag).update(json).digest('base64url').slice(0, 27)}"`;
    return { html, etag };
  }

  function sendPlain(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { html: string; etag: string; styleHashes?: string[] },
    status: 200 | 404,
  ) {
    const token = app.csrf.token(request, reply);
    const etag = visitorEtag(page.etag, token);
    pageHeaders(request, reply, Boolean(request.editor), etag, page.styleHashes);
    if (status === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(status).send(page.html.replace(CSRF_SLOT, () => token));
  }

  /**
   * A page whose data the database cannot give now. An address no route owns is the 404 it always is. A page
   * kept before is sent as it was last kept, marked stale (markStale); any other gets a 503 page in the
   * visitor's language that asks them to come back, never a page that looks whole but shows nothing.
   */
  async function sendWithoutDatabase(
    request: FastifyRequest,
    reply: FastifyReply,
    shellPage: { html: string; etag: string },
    match: RouteMatch | null,
    language: Language,
    err: unknown,
  ) {
    request.server.databaseOutage.unavailable(unavailableCause(err));
    if (!match) return sendPlain(request, reply, shellPage, 404);
    const copy = request.editor ? undefined : pages.lastCopy(keptPageKey(language, request.url));
    if (copy) return sendKept(request, reply, copy.page, copy);
    const text = await renderer.unavailableText(language);
    reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(isHttps(request), UNAVAILABLE_STYLE_HASHES))
      .type('text/html; charset=utf-8');
    return reply.send(unavailablePage(language, text));
  }

  // The tags every page gets, alone: root-config's dev server puts them into its own index.html. They hold
  // only what every page already shows (the public API key, contact details), so this exposes nothing new.
  app.get('/app-meta.html', async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(appMeta),
  );

  // Each remote's build is laid over /mf/: its entry and manifest under /mf/<name>/, its content-hashed chunks in
  // the one folder /mf/assets/. Remotes built from the same library versions emit byte-identical chunks under
  // the same hashed name (the federation runtime, helpers), so a page loads them once instead of once per remote.
  app.get('/mf/*', async (request, reply) => {
    const rel = safeRelativePath(rawPathname(request.url).slice('/mf/'.length));
    if (!rel) return notFound(reply);
    const [first = ''] = rel.split('/');
    if (first === 'assets') {
      for (const name of MICRO_FRONTENDS) {
        const sent = await sendExisting(reply, path.join(webRoot, name, 'dist'), rel, {
          'cache-control': IMMUTABLE,
        });
        if (sent) return reply;
      }
      return notFound(reply);
    }
    if (!isMicroFrontend(first) || rel === first) return notFound(reply);
    const cacheControl = isHashedAsset(rel) ? IMMUTABLE : NO_CACHE;
    const sent = await sendExisting(reply, path.join(webRoot, first, 'dist'), rel, {
      'cache-control': cacheControl,
    });
    return sent ? reply : notFound(reply);
  });

  app.get<{ Params: { lng: string; file: string } }>(
    '/locales/:lng/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['lng', 'file'],
          properties: { lng: { type: 'string' }, file: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params;
      const ns = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
      const owner = Object.hasOwn(LOCALE_NAMESPACE_OWNERS, ns) ? LOCALE_NAMESPACE_OWNERS[ns] : undefined;
      if (!isLanguage(lng) || !owner) return notFound(reply);
      const sent = await sendExisting(reply, path.join(webRoot, owner, 'dist'), `locales/${lng}/${ns}.json`, {
        'cache-control': NO_CACHE,
      });
      return sent ? reply : notFound(reply);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/storage/poster_images/:file',
    {
      schema: {
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!isSafeFileName(file)) return notFound(reply);
      const headers = {
        // Upload names are made by the server and never reused, so a file never changes under its URL (nor
        // does a variant, made from it).
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        // Opened directly, an uploaded file gets no power over the site's origin.
        'content-security-policy': "default-src 'none'; sandbox",
      };
      const variant = parseVariantName(file) !== null;
      const dir = images.dir;
      if (dir !== null) {
        if (await sendExisting(reply, dir, file, headers)) return reply;
        // A smaller width of a stored image (`srcset`), made the first time it is asked for.
        if (variant && (await app.storage.variant(file)))
          if (await sendExisting(reply, dir, file, headers)) return reply;
        return notFound(reply);
      }
      // A bucket: only the names the server makes are asked of it, so no other key is read through here.
      if (!variant && !IMAGE_NAME.test(file)) return notFound(reply);
      const publicUrl = images.publicUrl(file);
      if (publicUrl !== null) {
        // Browsers fetch it from the bucket (or its CDN) from now on; a width is made before they are sent.
        if (variant && !(await images.exists(file)) && !(await app.storage.variant(file)))
          return notFound(reply);
        return reply.header('cache-control', STORED_IMAGE_REDIRECT).redirect(publicUrl, 302);
      }
      let opened = await images.open(file);
      if (!opened && variant && (await app.storage.variant(file))) opened = await images.open(file);
      if (!opened) return notFound(reply);
      reply.headers(headers);
      if (opened.etag !== null) {
        reply.header('etag', opened.etag);
        if (etagMatches(request.headers['if-none-match'], opened.etag)) {
          opened.body.destroy();
          return reply.code(304).send();
        }
      }
      return reply
        .type('image/webp')
        .header('content-length', String(opened.bytes))
        .header('last-modified', opened.modified.toUTCString())
        .send(opened.body);
    },
  );

  /**
   * The page of `post` as readers see it at `/blog/{slug}` (the same server entries, stylesheets and head), for
   * a post that is not public (an editor's unsaved form, a draft opened by a shared link). Read by nobody but
   * the one asking: nothing of it is kept, and it runs no script (no hydration, no service worker), so the
   * markup stays as rendered. `linked`: its stylesheets linked rather than inline (a document without its own
   * CSP header, in a frame, may not have inline styles). Null when the front-end is not built.
   */
  async function postPreviewPage(
    post: PostJson,
    language: Language,
    { linked }: { linked: boolean },
  ): Promise<{ html: string; styleHashes: string[] } | null> {
    const shellPages = await shell.load();
    if (!shellPages) return null;
    const template = shellPages[language].html;
    const slug = slugProblem(post.slug) ? 'preview' : post.slug;
    const url = `/blog/${encodeURIComponent(slug)}`;
    const match = matchRoute(url);
    if (!match) return null;
    const rendered = await renderer.render({
      route: match.route,
      params: match.params,
      url,
      language,
      subject: { status: 200, body: { ...post, slug } },
    });
    if (!rendered) return null;
    for (const err of rendered.errors)
      app.log.error({ err }, 'part of a preview failed to render on the server');
    const rootStyles = (await renderer.rootStylesheets(template)).map((sheet) =>
      linked ? { ...sheet, css: null } : sheet,
    );
    const page = linked
      ? { ...rendered, styles: rendered.styles.map((sheet) => ({ ...sheet, css: null })) }
      : rendered;
    const composed = composePage(
      template,
      { ...page, scripts: [] },
      rootStyles,
      url,
      language,
      '<meta name="robots" content="noindex">',
    );
    const html = composed.html
      // No script: the module that would hydrate it (and register the service worker), the page's data.
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<script type="application\/json" id="page-data"[^>]*>[\s\S]*?<\/script>/, '')
      // No token either: nothing on it writes.
      .replace(CSRF_SLOT, '')
      // A stylesheet left for a script to enable (deferred-styles.ts) is enabled now.
      .replace(/(<link rel="stylesheet"[^>]*?) disabled(?: data-deferred)?/g, linked ? '$1' : '$&');
    return { html, styleHashes: composed.styleHashes };
  }

  app.postPreview.render = async (post, language) =>
    (await postPreviewPage(post, language, { linked: true }))?.html ?? null;

  /**
   * A shared preview link (`/preview/{token}`): the draft's or scheduled post's page for someone without an
   * account; once the post is public, on to its address. An unknown, expired or revoked link says so, in the
   * visitor's language. Never kept, by anyone (the read cache, the service worker, a proxy), never indexed, and
   * its address is never sent on as a Referer.
   */
  app.get<{ Params: { token: string } }>(
    `${PREVIEW_PATH}:token`,
    {
      schema: {
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer');
      const language = pageLanguageOf(request);
      const link = await openPreviewLink(app.db, request.params.token);
      if (link.state === 'live') {
        const { post } = link;
        if (post.status === 'published' && post.publishedAt.getTime() <= Date.now())
          return reply.redirect(`/blog/${encodeURIComponent(post.slug)}`, 302);
        const { byPost } = await app.postsRepository.translations([post], 'editor');
        const json = toPostJson(post, byPost.get(post.id) ?? [], app.siteTime);
        const page = await postPreviewPage(json, post.language, { linked: false });
        if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
        return reply
          .header('content-security-policy', contentSecurityPolicy(isHttps(request), page.styleHashes))
          .type('text/html; charset=utf-8')
          .send(page.html);
      }
      const texts = (await renderer.shellText(language))?.previewLink as
        | Record<string, { title?: string; text?: string; home?: string }>
        | undefined;
      const text = texts?.[link.state];
      const fallback = link.state === 'not_found' ? 'Not found' : 'Gone';
      return reply
        .code(link.state === 'not_found' ? 404 : 410)
        .header('content-security-policy', contentSecurityPolicy(isHttps(request), UNAVAILABLE_STYLE_HASHES))
        .type('text/html; charset=utf-8')
        .send(
          noticePage(language, {
            title: text?.title ?? fallback,
            text: text?.text ?? '',
            ...(text?.home ? { link: { href: '/', label: text.home } } : {}),
          }),
        );
    },
  );

  app.get('/*', async (request, reply) => {
    if (sendKeptPage(request, reply)) return reply;
    const pathname = rawPathname(request.url);
    const rel = safeRelativePath(pathname.slice(1));
    if (rel === '' || rel === 'index.html') return sendShell(request, reply, '/');
    if (rel) {
      const sent = await sendExisting(reply, rootDist, rel, {
        'cache-control': isHashedAsset(rel) ? IMMUTABLE : NO_CACHE,
      });
      if (sent) return reply;
    }
    if (FILE_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return notFound(reply);
    return sendShell(request, reply, pathname);
  });

  /**
   * The page rendered on the server for one public URL: the shell and the route's micro-frontend in their
   * containers, the head (title, description, stylesheets), and the data they were rendered with. Null when
   * it cannot be (a part not built or served from elsewhere, a render that failed): the visitor then gets the
   * page the browser renders, as before, never an error.
   */
  async function renderPage(
    request: FastifyRequest,
    match: RouteMatch | null,
    language: Language,
    template: string,
    beforeReads: (tags: readonly string[]) => void,
  ): Promise<ServedPage | null> {
    // Rendered for its address, not as asked: the page is the same for every spelling of it, and kept as one.
    const pathAndQuery = addressOf(request.url);
    let rendered: RenderedPage | null;
    try {
      rendered = await renderer.render(
        {
          route: match?.route ?? null,
          params: match?.params ?? {},
          url: pathAndQuery,
          language,
        },
        { beforeReads },
      );
    } catch (err) {
      // Without its data the page would render empty: the caller answers for the outage (sendWithoutDatabase).
      if (isDatabaseUnavailable(err)) throw err;
      request.log.error({ err }, 'server render failed; the page renders in the browser');
      return null;
    }
    if (!rendered) return null;
    // A renamed post's or service's old address: its read answered 301, and the page is a redirect.
    const movable = match ? MOVABLE_PAGES[match.route.name] : undefined;
    const moved = movable ? routeRead(rendered, movable.read) : undefined;
    if (movable && moved?.status === 301) {
      const { slug } = moved.body as { slug?: unknown };
      if (typeof slug === 'string')
        return {
          html: '',
          etag: '',
          status: 404,
          keep: false,
          styleHashes: [],
          movedTo: movedLocation(movable.page, slug, ''),
        };
    }
    if (rendered.missing.length > 0)
      request.log.warn({ reads: rendered.missing }, 'page read data its route does not declare');
    for (const err of rendered.errors)
      request.log.error({ err }, 'part of the page failed to render on the server');
    const found = match !== null && !rendered.subjectMissing;
    const headTags = await searchHead(rendered, match, language, pathAndQuery, template, found);
    const rootStyles = await renderer.rootStylesheets(template);
    const { html, styleHashes } = composePage(
      template,
      rendered,
      rootStyles,
      pathAndQuery,
      language,
      headTags,
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // The page of a post or service that does not exist for the public, or of no route at all, says so.
    const status = found ? 200 : 404;
    // A part that failed is rendered in the browser: such a page is not kept, so the next visitor tries again.
    return { html, etag, status, keep: rendered.readsKept && rendered.errors.length === 0, styleHashes };
  }

  /**
   * The tags for search engines and link previews (lib/page-head.ts), from what the page was rendered with.
   * A service page asks the services of the other languages (a cached read) to list only the languages the
   * service exists in.
   */
  async function searchHead(
    rendered: RenderedPage,
    match: RouteMatch | null,
    language: Language,
    url: string,
    template: string,
    found: boolean,
  ): Promise<string> {
    const answer = (prefix: string) => {
      const read = routeRead(rendered, prefix);
      return read?.status === 200 ? read.body : null;
    };
    const post = match?.route.name === 'blog-post' ? (answer('/api/posts/') as PostJson | null) : null;
    const project =
      match?.route.name === 'portfolio-project'
        ? ((answer('/api/portfolio/') as { data?: PublicProject } | null)?.data ?? null)
        : null;
    let service: { name: string; languages: Language[] } | null = null;
    if (match?.route.name === 'service-detail') {
      const shown = (answer('/api/services/') as { data?: { name?: string } } | null)?.data;
      // The page's address: the service's in every language (one address for both).
      const slug = match.params.serviceType ?? '';
      const languages = await Promise.all(
        LANGUAGES.map(async (other) => {
          if (other === language) return shown ? other : null;
          const list = JSON.parse((await app.readCache.json(servicesRead(app, other))).json) as {
            data?: { data?: { slug: string }[] };
          };
          return list.data?.data?.some((item) => item.slug === slug) ? other : null;
        }),
      );
      service = { name: shown?.name ?? '', languages: languages.filter((l): l is Language => l !== null) };
    }
    const nav = (rendered.resources.shell as { nav?: Record<string, string> } | undefined)?.nav ?? {};
    return pageHeadTags({
      origin: opts.publicOrigin,
      site: rendered.site,
      language,
      route: match ? { name: match.route.name, params: match.params } : null,
      query: new URL(url, 'http://site.invalid').searchParams,
      found,
      title: rendered.head.title ?? textOf(/<title>([^<]*)<\/title>/.exec(template)?.[1]),
      description:
        rendered.head.description ?? textOf(/<meta name="description" content="([^"]*)"/.exec(template)?.[1]),
      labels: nav,
      post,
      service,
      project: project && {
        title: project.title,
        slug: project.slug,
        language: project.language,
        image: project.seo_image ?? project.cover_image,
        updated_at: project.updated_at,
        translations: project.translations,
      },
    });
  }

  /** The read a rendered page made of the API address starting with `prefix` (the route's subject). */
  function routeRead(rendered: RenderedPage, prefix: string) {
    const key = Object.keys(rendered.reads).find((read) => read.startsWith(prefix));
    return key ? rendered.reads[key] : undefined;
  }

  /**
   * 404 for a page whose subject does not exist for this reader: a post that is unknown, a draft or dated in
   * the future (an editor sees drafts), a service the page's language does not have. Crawlers and link
   * previews then see the miss the page shows. The same cached reads as the API's, so this costs a lookup
   * in memory. When the database cannot be reached, that is for the caller to answer (sendWithoutDatabase).
   */
  async function pageStatus(
    request: FastifyRequest,
    { route, params }: RouteMatch,
  ): Promise<{ status: 200 | 404; movedTo?: string }> {
    if (route.name === 'blog') return { status: await blogPageStatus(request) };
    let read: CachedRead | null = null;
    if (route.name === 'blog-post') {
      const slug = params.slug ?? '';
      if (slugProblem(slug)) return { status: 404 };
      await app.sessions.load(request);
      read = postRead(app, slug, request.editor ? 'editor' : 'public');
    } else if (route.name === 'service-detail') {
      read = serviceRead(app, params.serviceType ?? '', pageLanguageOf(request));
    } else if (route.name === 'portfolio-project') {
      const slug = params.slug ?? '';
      if (slugProblem(slug)) return { status: 404 };
      read = projectRead(app, slug);
    }
    if (!read) return { status: 200 };
    try {
      const { status, movedTo } = await app.readCache.status(request, read);
      const page = MOVABLE_PAGES[route.name]?.page;
      if (status === 301 && movedTo !== undefined && page)
        return { status: 404, movedTo: movedLocation(page, movedTo, '') };
      return { status: status === 404 ? 404 : 200 };
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      request.log.warn({ err }, 'could not tell whether the page exists; serving it');
      return { status: 200 };
    }
  }

  /** 404 for a page of the blog past its last, as the rendered page answers (an editor's list has drafts too). */
  async function blogPageStatus(request: FastifyRequest): Promise<200 | 404> {
    const page = blogPage(new URLSearchParams(addressOf(request.url).split('?')[1]).get('page'));
    if (page === 1) return 200;
    await app.sessions.load(request);
    const query = { language: pageLanguageOf(request), page, per_page: POSTS_PER_PAGE };
    const list = postListRead(app, query, request.editor ? 'editor' : 'public', nextPublication);
    try {
      // An editor's list is never read from nor kept in the shared cache.
      const body = request.editor
        ? (await list.load()).body
        : (JSON.parse((await app.readCache.json(list)).json) as unknown);
      return pastTheLastPage(body) ? 404 : 200;
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      request.log.warn({ err }, 'could not tell whether the page exists; serving it');
      return 200;
    }
  }
};
