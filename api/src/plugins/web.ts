import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM } from '@agency/core/language';
import { matchRoute, type RouteMatch } from '@agency/core/routes';
import { slugProblem } from '@agency/core/rules';
import type { SiteConfig } from '@agency/core/types';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createAppShell } from '../lib/app-shell';
import { renderAppMeta } from '../lib/html';
import { pageLanguage } from '../lib/page-language';
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

/** Remotes served from `/mf/<name>/`, each from `${webRoot}/<name>/dist`. */
export const MICRO_FRONTENDS = ['mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin'] as const;

/** Which micro-frontend's build ships each translation namespace. */
export const LOCALE_NAMESPACE_OWNERS: Readonly<Record<string, (typeof MICRO_FRONTENDS)[number]>> = {
  common: 'mf-shell',
  shell: 'mf-shell',
  marketing: 'mf-marketing',
  blog: 'mf-blog',
  admin: 'mf-admin',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
export const FRONT_END_NOT_BUILT = 'front-end not built: run pnpm build';

/** Where each visitor's token goes in the cached page; never a valid token, so never confused with one. */
const CSRF_SLOT = '{{csrf-token}}';

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

  /**
   * The app page with this visitor's CSRF token (which sets the token's cookie on a first visit). The page
   * differs per visitor, so shared caches may not keep it (`private`), and with an editor session nothing
   * may (`no-store`); the ETag covers the token, so a revalidation answers 304 only for the same visitor.
   * The page is in the visitor's language (`?lng=`, the `lng` cookie, Accept-Language: lib/page-language.ts).
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply, status: 200 | 404) {
    const pages = await shell.load();
    if (!pages) {
      reply.header('cache-control', NO_CACHE);
      return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
    }
    const page = pages[pageLanguageOf(request)];
    await app.sessions.load(request);
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
    if (rel === '' || rel === 'index.html') return sendShell(request, reply, 200);
    if (rel) {
      const sent = await sendExisting(reply, rootDist, rel, {
        'cache-control': isHashedAsset(rel) ? IMMUTABLE : NO_CACHE,
      });
      if (sent) return reply;
    }
    if (FILE_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return notFound(reply);
    const match = matchRoute(pathname);
    return sendShell(request, reply, match ? await pageStatus(request, match) : 404);
  });

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
