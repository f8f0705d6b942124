import { createHash } from 'node:crypto';
import type { PublicProject } from '@agency/core/content';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  LANGUAGES,
  type Language,
} from '@agency/core/language';
import { blogPage, POSTS_PER_PAGE } from '@agency/core/page-constants';
import { pageAddress } from '@agency/core/page-data';
import { matchRoute, type RouteMatch } from '@agency/core/routes';
import { slugProblem } from '@agency/core/rules';
import type { PublicSettings } from '@agency/core/settings';
import type { Post, SiteConfig } from '@agency/core/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageCacheConfig } from '../../config';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S, unavailableCause } from '../../errors';
import type { AppShell } from '../../lib/app-shell';
import { withSiteConfig } from '../../lib/html';
import { type KeptPage, makePageBody } from '../../lib/page-body';
import { pageHeadTags } from '../../lib/page-head';
import { languageInUrl, languageMeantInUrl, pageLanguage } from '../../lib/page-language';
import type { PageRenderer, RenderedPage } from '../../lib/page-render';
import {
  movedLocation,
  pastTheLastPage,
  postListRead,
  postRead,
  projectRead,
  serviceRead,
  servicesRead,
  settingsRead,
} from '../../lib/public-reads';
import { publicationClock } from '../../lib/publication-clock';
import { acceptsEncoding, type Ticket } from '../../lib/read-cache';
import { perAnswerHeaders } from '../../lib/request-id';
import { UNAVAILABLE_STYLE_HASHES, unavailablePage } from '../../lib/unavailable-page';
import { type CachedRead, PER_ANSWER_HEADERS } from '../read-cache';
import { contentSecurityPolicy } from '../security-headers';
import { cookieName, isHttps } from '../sessions';
import { siteConfigOf } from '../settings-repository';
import { CSRF_SLOT, composePage } from './compose';
import { etagMatches, FRONT_END_NOT_BUILT, NO_CACHE } from './replies';

export type PostJson = Post & { updated_at: string };

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

/** `/login` and the pages under it (`/login/forgot`, `/login/reset`, `/login/invitation`), by the request's URL. */
export function isLoginPage(url: string): boolean {
  return /^\/login(?:\/[^?]*)?(?:\?.*)?$/i.test(url);
}

/**
 * The language of the page this request gets. `cookies`: the request's, parsed by the caller where no hook
 * has parsed them yet (the fast path).
 */
export function pageLanguageOf(
  request: FastifyRequest,
  cookies: Readonly<Record<string, string | undefined>> = request.cookies,
) {
  return pageLanguage({
    query: (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM],
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The language the request's address names (`?lng=`), or null when it names none of ours. */
const urlLanguageOf = (request: FastifyRequest) =>
  languageInUrl((request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM]);

/** The micro-frontend of the editor screens: their pages are personal, never kept by a shared cache. */
const EDITOR_APP = '@agency/mf-admin';

/**
 * The address with `?lng=` naming `language` (any `lng` it had replaced, the rest of its query kept): where a
 * page at an address without a language sends a visitor whose language is another than the default.
 */
function withLanguage(url: string, language: Language): string {
  const parsed = new URL(url, 'http://site.invalid');
  parsed.searchParams.delete(LANGUAGE_QUERY_PARAM);
  parsed.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  return `${parsed.pathname}${parsed.search}`;
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

export interface PublicPagesOptions {
  renderer: PageRenderer;
  /** How long shared caches may keep a public page (PAGE_CACHE_SECONDS, PAGE_STALE_SECONDS). */
  pageCache: PageCacheConfig;
  /** root-config's page, one per language, with the CSRF slot in it. */
  shell: AppShell;
  site: SiteConfig;
  /** PUBLIC_ORIGIN, for the absolute URLs in the page's head. */
  publicOrigin: string;
}

/**
 * The public pages: rendered on the server (the renderer's parts put into root-config's page), kept in memory
 * and sent from there (also before any hook, by the fast path this adds), the copy kept before when the
 * database cannot be reached. `sendShell` answers a navigation; `sendKeptPage` a page already kept.
 */
export function publicPages(app: FastifyInstance, opts: PublicPagesOptions) {
  const { renderer, shell } = opts;

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

  /** A public page's Cache-Control: browsers ask again each time, shared caches keep it a while. */
  const { sharedSeconds, staleSeconds } = opts.pageCache;
  const PUBLIC_PAGE =
    sharedSeconds > 0
      ? `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${staleSeconds}`
      : 'public, no-cache';
  /**
   * What a public page's bytes change with: the encoding, and at an address without `?lng=` the visitor's
   * language (the `lng` cookie, then Accept-Language), which decides between the page and a redirect.
   */
  const VARY_LANGUAGE_URL = 'Accept-Encoding';
  const VARY_BARE_URL = 'Accept-Encoding, Accept-Language, Cookie';

  /**
   * The headers of a public page: the same bytes for every visitor of its address (no token, no cookie), so
   * shared caches (a CDN, a proxy) may keep it; a strong ETag of the bytes; a CSP that allows the page's
   * inline stylesheets.
   */
  function publicHeaders(
    request: FastifyRequest,
    reply: FastifyReply,
    etag: string,
    styleHashes: readonly string[] | undefined,
  ) {
    reply
      .header('content-security-policy', contentSecurityPolicy(isHttps(request), styleHashes))
      .header('cache-control', PUBLIC_PAGE)
      .header('vary', urlLanguageOf(request) ? VARY_LANGUAGE_URL : VARY_BARE_URL)
      .header('etag', etag)
      .type('text/html; charset=utf-8');
  }

  /**
   * The headers of a personal page (an editor's, the sign-in pages): kept nowhere (not even by the service
   * worker, which keeps no `no-store` page); the sign-in pages' addresses are never sent on as a Referer.
   */
  function privateHeaders(request: FastifyRequest, reply: FastifyReply, styleHashes?: readonly string[]) {
    if (isLoginPage(request.url)) reply.header('referrer-policy', 'no-referrer');
    reply
      .header('content-security-policy', contentSecurityPolicy(isHttps(request), styleHashes))
      .header('cache-control', 'private, no-store')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .type('text/html; charset=utf-8');
  }

  /** A personal page: an editor's session, or an editor screen (the sign-in pages among them). */
  const isPersonal = (request: FastifyRequest, match: RouteMatch | null) =>
    Boolean(request.editor) || isLoginPage(request.url) || match?.route.app === EDITOR_APP;

  /**
   * Where a public page at an address without `?lng=` sends a visitor whose language (the saved choice in the
   * `lng` cookie, else Accept-Language) is not the default one: the same address with `?lng=`, once, so every
   * page a shared cache keeps names its language in its address. Another spelling of one of the site's
   * languages (`?lng=AR-eg`) goes to the address as the site writes it. Null: the page is answered here.
   */
  function languageRedirect(request: FastifyRequest, match: RouteMatch | null): string | null {
    if (urlLanguageOf(request) !== null || match?.route.app === EDITOR_APP) return null;
    const meant = languageMeantInUrl(
      (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM],
    );
    if (meant !== null) return withLanguage(request.url, meant);
    const language = pageLanguageOf(request);
    return language === FALLBACK_LANGUAGE ? null : withLanguage(request.url, language);
  }

  /**
   * A kept page: its gzip made once, or its text when the browser takes no gzip. A stale copy (the database
   * cannot be reached) is marked so and kept by no shared cache.
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
    if (request.method === 'GET' && !stale && addressOf(request.url) === request.url) learning.add(request);
    publicHeaders(request, reply, kept.etag, kept.styleHashes);
    if (stale) {
      markStale(reply, stale.keptAt);
      reply.header('cache-control', 'no-store');
    }
    if (etagMatches(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
    reply.code(200);
    if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return reply.send(kept.body.plain);
    // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
    return reply.header('content-encoding', 'gzip').send(kept.body.gzip);
  }

  /**
   * The fast way for a public page already in memory: no file lookup, no session query, no render. Only for a
   * request without a session cookie (an editor's pages are never kept) whose language the page is in; false
   * when the page is not kept.
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
      // The CSP and the ETag go with the kept page.
      if (value === undefined || PER_ANSWER_HEADERS.has(lower)) continue;
      if (lower === 'content-security-policy' || lower === 'etag') continue;
      for (const one of [value].flat()) headers.push(name, String(one));
    }
    fastPages.set(fastKey(request), headers);
  });

  /**
   * The fast path for a kept public page, before any hook: the same page and headers as the full pipeline
   * gives (sendKept), without routing, a dozen hooks and the session lookup. Only for a GET of an address the
   * full pipeline answered from memory before, without a session cookie, in the language the page is in (an
   * address without `?lng=` that sends the visitor on goes the full way); anything else, or a page no longer
   * kept, goes the full way.
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
    const headers = [
      ...learned,
      'etag',
      kept.etag,
      'content-security-policy',
      contentSecurityPolicy(isHttps(request), kept.styleHashes),
      ...perAnswerHeaders(request, app.lifecycle.stopping),
    ];
    reply.hijack();
    if (etagMatches(request.headers['if-none-match'], kept.etag)) {
      reply.raw.writeHead(304, headers);
      reply.raw.end();
      return true;
    }
    const gzip = acceptsEncoding(request.headers['accept-encoding'], 'gzip');
    const body = gzip ? kept.body.gzip : kept.body.plain;
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
        body: await makePageBody(rendered.html.replace(CSRF_SLOT, '')),
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
   * A page. A public one is the same for every visitor of its address, in the language its address names
   * (`?lng=`); at an address without one, it is the default language's page, or a redirect to the visitor's
   * language (languageRedirect). It is rendered on the server and kept in memory (see renderedPage), and
   * shared caches may keep it. A personal one (an editor's session, the editor screens) carries the visitor's
   * CSRF token, is kept nowhere, and is in the visitor's language (`?lng=`, the `lng` cookie,
   * Accept-Language: lib/page-language.ts).
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const shellPages = await shell.load();
    if (!shellPages) {
      reply.header('cache-control', NO_CACHE);
      return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
    }
    const language = pageLanguageOf(request);
    const match = matchRoute(pathname);
    const redirect = languageRedirect(request, match);
    if (redirect !== null) {
      // Personal (it follows the visitor's cookie and Accept-Language): kept by no cache.
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', VARY_BARE_URL)
        .redirect(redirect, 302);
    }
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
    return sendPlain(request, reply, page, subject.status, match);
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

  /**
   * A page not kept in memory: a personal one with the visitor's CSRF token in it (which sets the token's
   * cookie on a first visit), a public one without any token, as every visitor gets it.
   */
  function sendPlain(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { html: string; etag: string; styleHashes?: string[] },
    status: 200 | 404,
    match: RouteMatch | null,
  ) {
    if (isPersonal(request, match)) {
      const token = app.csrf.token(request, reply);
      privateHeaders(request, reply, page.styleHashes);
      return reply.code(status).send(page.html.replace(CSRF_SLOT, () => token));
    }
    publicHeaders(request, reply, page.etag, page.styleHashes);
    if (status === 200 && etagMatches(request.headers['if-none-match'], page.etag))
      return reply.code(304).send();
    return reply.code(status).send(page.html.replace(CSRF_SLOT, ''));
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
    if (!match) return sendPlain(request, reply, shellPage, 404, null);
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

  return { sendShell, sendKeptPage };
}
