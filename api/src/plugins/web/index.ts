import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@agency/core/types';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { PageCacheConfig } from '../../config';
import { createAppShell } from '../../lib/app-shell';
import { renderAppMeta } from '../../lib/html';
import { createPageRenderer } from '../../lib/page-render';
import { isHashedAsset, rawPathname, safeRelativePath } from '../../lib/safe-path';
import { feedLinks } from '../../lib/search-engines';
import { CSRF_SLOT } from './compose';
import { publicPages } from './pages';
import { previewRoutes } from './preview';
import { FRONT_END_NOT_BUILT, IMMUTABLE, NO_CACHE, notFound, sendExisting } from './replies';
import { frontEndFileRoutes } from './static-files';
import { uploadRoutes } from './uploads';

export { isLoginPage } from './pages';
export { FRONT_END_NOT_BUILT, IMMUTABLE, NO_CACHE } from './replies';
export { STORED_IMAGE_REDIRECT } from './uploads';

export interface WebPluginOptions {
  /** Folder holding `root-config/dist`, `mf-shell/dist` (its server entry and translations) and the remotes' builds. */
  webRoot: string;
  apiKey: string;
  site: SiteConfig;
  /** PUBLIC_ORIGIN, for the absolute URLs in the page's head (the feeds). */
  publicOrigin: string;
  /** How long shared caches may keep a public page (PAGE_CACHE_SECONDS, PAGE_STALE_SECONDS). */
  pageCache: PageCacheConfig;
}

/** Paths that only ever name files: a miss is a plain 404, never the app page. */
const FILE_ONLY_PREFIXES = ['/mf/', '/assets/', '/locales/', '/storage/'];

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

  if (!existsSync(path.join(rootDist, 'index.html'))) {
    app.log.warn(`${FRONT_END_NOT_BUILT} (no ${path.join(rootDist, 'index.html')})`);
  }

  // Only for reply.sendFile (ETag, Last-Modified, ranges, HEAD): routing stays ours. The builds write each
  // text file also as .br and .gz (core/precompress.mjs): a browser that accepts one gets that file as it is,
  // with `Vary: accept-encoding`, rather than a compression of every request (a 14 ms Brotli of React DOM's
  // chunk, against 1.6 ms to send it). A file without them (an upload, a small file) is sent as before, and
  // compressed on the fly when its type is text.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  const feeds = feedLinks(opts.publicOrigin, opts.site.name);
  const appMeta = renderAppMeta(opts.apiKey, opts.site, '', feeds);
  // root-config's page with a placeholder where a personal page's CSRF token goes (public pages carry none).
  const shell = createAppShell(
    path.join(rootDist, 'index.html'),
    renderAppMeta(opts.apiKey, opts.site, CSRF_SLOT, feeds),
    () => app.log.warn('root-config index.html has no <!--app-meta--> marker; injecting before </head>'),
  );

  const renderer = createPageRenderer(app, { webRoot, site: opts.site });
  const { sendShell, sendKeptPage } = publicPages(app, {
    renderer,
    shell,
    site: opts.site,
    publicOrigin: opts.publicOrigin,
    pageCache: opts.pageCache,
  });

  // The tags every page gets, alone: root-config's dev server puts them into its own index.html. They hold
  // only what every page already shows (the public API key, contact details), so this exposes nothing new.
  app.get('/app-meta.html', async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(appMeta),
  );

  frontEndFileRoutes(app, webRoot);
  await uploadRoutes(app);
  previewRoutes(app, { shell, renderer });

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
};
