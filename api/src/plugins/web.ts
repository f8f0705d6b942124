import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, type Language } from '@agency/core/language';
import { PAGE_DATA_ELEMENT_ID } from '@agency/core/page-data';
import { matchRoute, type RouteMatch } from '@agency/core/routes';
import { slugProblem } from '@agency/core/rules';
import type { SiteConfig } from '@agency/core/types';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createAppShell } from '../lib/app-shell';
import { LOCALE_NAMESPACE_OWNERS, MICRO_FRONTENDS } from '../lib/front-end';
import { escapeAttribute, renderAppMeta, scriptSafeJson } from '../lib/html';
import { pageLanguage } from '../lib/page-language';
import { createPageRenderer, type RenderedPage } from '../lib/page-render';
import { postRead, serviceRead } from '../lib/public-reads';
import { isHashedAsset, isSafeFileName, rawPathname, safeRelativePath } from '../lib/safe-path';
import { feedLinks } from '../lib/search-engines';
import { posterImagesDir } from '../lib/storage';
import type { CachedRead } from './read-cache';

export interface WebPluginOptions {
  /** Folder holding `root-config/dist`, `mf-shell/dist` and the other front-end builds. */
  webRoot: string;
  /** Uploads live in `${dataDir}/storage/poster_images`. */
  dataDir: string;
  apiKey: string;
  site: SiteConfig;
  /** PUBLIC_ORIGIN, for the absolute URLs in the page's head (the feeds). */
  publicOrigin: string;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
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

/** The language of the page this request gets. */
function pageLanguageOf(request: FastifyRequest) {
  return pageLanguage({
    query: (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM],
    cookie: request.cookies[LANGUAGE_COOKIE],
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

/** root-config's page (one language, the CSRF slot in it) with a server render put in. */
function composePage(template: string, page: RenderedPage, url: string, language: Language): string {
  // The page reads without JavaScript: the notice that the site needs it is for pages rendered in the browser.
  // Taken out of root-config's page before anything is put in, so a part's own <noscript> stays.
  let html = template.replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
  for (const [id, markup] of Object.entries(page.parts)) html = fillContainer(html, id, markup);
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
    ...page.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    ...page.scripts.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`),
    page.hints,
  ]
    .filter(Boolean)
    .join('\n    ');
  html = html.replace(/<\/head>/i, (end) => `    ${head}\n  ${end}`);
  return html.replace(/<\/body>/i, (end) => `  ${pageDataBlock(page, url, language)}\n  ${end}`);
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
  const storageDir = posterImagesDir(opts.dataDir);
  await mkdir(storageDir, { recursive: true });

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

  /**
   * The app page with this visitor's CSRF token (which sets the token's cookie on a first visit). The page
   * differs per visitor, so shared caches may not keep it (`private`), and with an editor session nothing
   * may (`no-store`); the ETag covers the token, so a revalidation answers 304 only for the same visitor.
   * The page is in the visitor's language (`?lng=`, the `lng` cookie, Accept-Language: lib/page-language.ts).
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const pages = await shell.load();
    if (!pages) {
      reply.header('cache-control', NO_CACHE);
      return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
    }
    const language = pageLanguageOf(request);
    let page = pages[language];
    await app.sessions.load(request);
    const match = matchRoute(pathname);
    let status: 200 | 404;
    // Public pages are rendered here. An editor's are not: they would show the public's view of a draft, and
    // an editor's page is never kept anyway.
    const rendered = request.editor ? null : await renderPage(request, match, language, page.html);
    if (rendered) {
      page = rendered;
      status = rendered.status;
    } else {
      status = match ? await pageStatus(request, match) : 404;
    }
    const token = app.csrf.token(request, reply);
    const etag = `"${createHash('sha256').update(`${page.etag}|${token}`).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', request.editor ? 'private, no-store' : `private, ${NO_CACHE}`)
      .header('vary', 'Cookie, Accept-Language')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (status === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(status).send(page.html.replace(CSRF_SLOT, () => token));
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
      const sent = await sendExisting(reply, storageDir, file, {
        // Upload names are made by the server and never reused, so a file never changes under its URL.
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        // Opened directly, an uploaded file gets no power over the site's origin.
        'content-security-policy': "default-src 'none'; sandbox",
      });
      return sent ? reply : notFound(reply);
    },
  );

  app.get('/*', async (request, reply) => {
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
  ): Promise<{ html: string; etag: string; status: 200 | 404 } | null> {
    const url = request.url.startsWith('/index.html')
      ? `/${request.url.slice('/index.html'.length)}`
      : request.url;
    const pathAndQuery = url.replace(/^\/+(?=\/)/, '');
    let rendered: RenderedPage | null;
    try {
      rendered = await renderer.render({
        route: match?.route ?? null,
        params: match?.params ?? {},
        url: pathAndQuery,
        language,
      });
    } catch (err) {
      request.log.error({ err }, 'server render failed; the page renders in the browser');
      return null;
    }
    if (!rendered) return null;
    if (rendered.missing.length > 0)
      request.log.warn({ reads: rendered.missing }, 'page read data its route does not declare');
    for (const err of rendered.errors)
      request.log.error({ err }, 'part of the page failed to render on the server');
    const html = composePage(template, rendered, pathAndQuery, language);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // The page of a post or service that does not exist for the public, or of no route at all, says so.
    return { html, etag, status: match && !rendered.subjectMissing ? 200 : 404 };
  }

  /**
   * 404 for a page whose subject does not exist for this reader: a post that is unknown, a draft or dated in
   * the future (an editor sees drafts), a service the page's language does not have. Crawlers and link
   * previews then see the miss the page shows. The same cached reads as the API's, so this costs a lookup
   * in memory; when the database cannot answer, the page is served and says so itself.
   */
  async function pageStatus(request: FastifyRequest, { route, params }: RouteMatch): Promise<200 | 404> {
    let read: CachedRead | null = null;
    if (route.name === 'blog-post') {
      const slug = params.slug ?? '';
      if (slugProblem(slug)) return 404;
      await app.sessions.load(request);
      read = postRead(app, slug, request.editor ? 'editor' : 'public');
    } else if (route.name === 'service-detail') {
      read = serviceRead(app, params.serviceType ?? '', pageLanguageOf(request));
    }
    if (!read) return 200;
    try {
      return (await app.readCache.status(request, read)) === 404 ? 404 : 200;
    } catch (err) {
      request.log.warn({ err }, 'could not tell whether the page exists; serving it');
      return 200;
    }
  }
};
