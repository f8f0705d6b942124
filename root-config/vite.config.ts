import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_SINGLETON_NAMES } from '@agency/core/mf-shared';
import { precompress } from '@agency/core/precompress';
import { DEV_PORTS } from '@agency/core/vite-mfe';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ENTRY_ATTRIBUTE } from './src/first-paint';
import { fontPreloadAttributes, fontPreloads } from './src/fonts';

const here = dirname(fileURLToPath(import.meta.url));
const API = `http://localhost:${process.env.API_PORT ?? 8080}`;
const REMOTES = ['mf-marketing', 'mf-blog', 'mf-admin'] as const;
const NAMESPACE_OWNER: Record<string, (typeof REMOTES)[number]> = {
  marketing: 'mf-marketing',
  blog: 'mf-blog',
  admin: 'mf-admin',
};
/** The shell's namespaces: its translations are files of its own package, served from there in dev. */
const SHELL_NAMESPACES = new Set(['common', 'shell']);

/**
 * The installed version of each library root-config provides to the remotes (src/shared.ts), as the federation
 * runtime's share scope lists them.
 */
function sharedVersions(): Record<string, string> {
  const require = createRequire(join(here, 'package.json'));
  return Object.fromEntries(
    SHARED_SINGLETON_NAMES.map((name) => {
      const pkg = name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/');
      return [name, (require(`${pkg}/package.json`) as { version: string }).version];
    }),
  );
}

/**
 * In dev, the registry points at each remote's own dev server, locales come from the owning remote, and the
 * shell's from its package.
 */
function devRegistry(): Plugin {
  return {
    name: 'agency-dev-registry',
    apply: 'serve',
    async transformIndexHtml(html) {
      // The API key and site details come from the running API, as the production server injects them.
      let meta = '';
      try {
        const res = await fetch(`${API}/app-meta.html`);
        if (res.ok) meta = await res.text();
      } catch {
        console.warn(`root-config dev: the API at ${API} is not answering; pages will miss their API key`);
      }
      return html.replace('<!--app-meta-->', meta);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url.startsWith('/mf-registry.json')) {
          const registry = Object.fromEntries(
            REMOTES.map((dir) => [dir.replace('-', '_'), `http://localhost:${DEV_PORTS[dir]}/`]),
          );
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(JSON.stringify(registry));
          return;
        }
        const locale = /^\/locales\/(en|ar)\/([a-z]+)\.json/.exec(url);
        if (locale && SHELL_NAMESPACES.has(locale[2] as string)) {
          const file = join(
            here,
            '..',
            'mf-shell',
            'public',
            'locales',
            locale[1] as string,
            `${locale[2]}.json`,
          );
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(readFileSync(file));
          return;
        }
        const owner = locale ? NAMESPACE_OWNER[locale[2] as string] : undefined;
        if (locale && owner) {
          res.statusCode = 307;
          res.setHeader(
            'location',
            `http://localhost:${DEV_PORTS[owner]}/locales/${locale[1]}/${locale[2]}.json`,
          );
          res.end();
          return;
        }
        next();
      });
    },
  };
}

/**
 * Preloads the Cairo files the first paint needs, under their hashed names (src/fonts.ts): the font downloads
 * from the start instead of when the first text is laid out. The Arabic file is marked `data-lang="ar"`; the
 * server leaves it out of English pages.
 */
function preloadFonts(): Plugin {
  let base = '/';
  return {
    name: 'agency-preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        fontPreloads(Object.keys(ctx.bundle ?? {}), base).map(
          (preload): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: fontPreloadAttributes(preload),
            injectTo: 'head',
          }),
        ),
    },
  };
}

/**
 * The page's first module is the starter (src/start.ts, an entry of its own): it imports the site's entry
 * (index.html's main.ts) once a page the server rendered has painted. The build makes index.html's script the
 * starter, with the entry in its `data-entry`, and lists the entry among the modulepreloads, beside its
 * chunks: a page the browser renders itself fetches them all side by side with the starter, as before. On a
 * page the server rendered, the server moves that list onto the starter's script, which asks for it after the
 * first paint (api/src/plugins/web/compose.ts).
 */
function starter(): Plugin {
  let base = '/';
  return {
    name: 'agency-starter',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: { input: { index: join(here, 'index.html'), start: join(here, 'src/start.ts') } },
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const start = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'start',
        );
        const entry = ctx.chunk?.fileName;
        const script = `<script type="module" crossorigin src="${base}${entry}"></script>`;
        if (!start || !entry || !html.includes(script))
          throw new Error('index.html: no entry script or no starter chunk to put in its place');
        return html.replace(
          script,
          () =>
            `<script type="module" crossorigin src="${base}${start.fileName}" ${ENTRY_ATTRIBUTE}="${base}${entry}"></script>\n` +
            `    <link rel="modulepreload" crossorigin href="${base}${entry}">`,
        );
      },
    },
  };
}

/** The installable app: manifest and icons; the worker is ours (src/sw/sw.ts), Workbox injects the precache list. */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false, // registered by src/pwa.ts with workbox-window
    registerType: 'prompt',
    injectManifest: {
      // The registry and the page change with every deploy of any app: never from the precache.
      globIgnores: ['**/index.html', '**/mf-registry.json', '**/*.map'],
      globPatterns: ['**/*.{js,css,woff2,svg,png,webmanifest}'],
    },
    manifest: {
      id: '/',
      name: 'Agency: web, mobile and growth',
      short_name: 'Agency',
      description:
        'Web and mobile development, SEO, advertising, branding and design. Articles readable offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#4338ca',
      background_color: '#ffffff',
      lang: 'en',
      dir: 'auto',
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    devOptions: { enabled: false },
  });
}

/**
 * react-router as its production build, with only what the site uses. Its package exports only the
 * development build, which keeps its developer warnings. And it leaves two things the tree-shaker must
 * keep: a component made by an unannotated `React.forwardRef(…)` call, and a top-level `X.displayName = …`
 * (a property write). That kept `Form` and its submit helpers in every page, though the site never renders a
 * form through the router. Marking those calls pure and dropping React DevTools' names lets them go
 * (1.8 KB gzip). Line numbers are unchanged, so the source map still holds.
 */
function productionRouter(): Plugin {
  const require = createRequire(join(here, '../core/package.json'));
  const development = dirname(require.resolve('react-router'));
  const production = join(development, '../production');
  return {
    name: 'agency-production-router',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(development)) return resolved;
      return { ...resolved, id: join(production, resolved.id.slice(development.length)) };
    },
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const pure = /^(var [A-Za-z0-9_$]+ = )(React[0-9]*\.(?:forwardRef|memo|createContext)\()/gm;
        const devtoolsName = /^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm;
        return { code: code.replace(devtoolsName, '').replace(pure, '$1/* @__PURE__ */ $2'), map: null };
      },
    },
  };
}

/**
 * The federation runtime's snapshot handler without what only manifest remotes use. Its class loads and
 * caches `mf-manifest.json` snapshots for remotes given by manifest and for `preloadRemote`; the site's
 * remotes are given by their remoteEntry.js (src/registry.ts) and nothing preloads through the runtime, so
 * only the part the runtime always touches stays: its hook list (plugins register on it) and its manifest
 * cache (removeRemote clears it). The snapshot plugin itself is already left out
 * (FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN below). 1.4 KB gzip less on every page. A runtime whose file no
 * longer has this shape fails the build here rather than ship unchanged.
 */
function federationWithoutManifests(): Plugin {
  return {
    name: 'agency-federation-without-manifests',
    apply: 'build',
    transform: {
      filter: {
        id: /@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/,
      },
      handler(code) {
        const start = code.indexOf('var SnapshotHandler = class {');
        const end = code.indexOf('//#endregion', start);
        const hooks = /this\.hooks = new PluginSystem\(\{[\s\S]*?\}\);/.exec(code.slice(start, end))?.[0];
        if (start < 0 || end < 0 || !hooks)
          throw new Error('@module-federation/runtime-core: SnapshotHandler.js is not as expected');
        const handler = `var SnapshotHandler = class {
\tconstructor(HostInstance) {
\t\tthis.manifestCache = /* @__PURE__ */ new Map();
\t\t${hooks}
\t\tthis.HostInstance = HostInstance;
\t}
\tasync loadRemoteSnapshotInfo() {
\t\tthrow new Error("Remotes by manifest and preloadRemote are not built into this site");
\t}
};

`;
        return { code: code.slice(0, start) + handler + code.slice(end), map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    devRegistry(),
    preloadFonts(),
    starter(),
    pwa(),
    productionRouter(),
    federationWithoutManifests(),
    // Last: every text file of the build, the service worker included, also as .br and .gz.
    precompress(),
  ],
  server: {
    port: DEV_PORTS['root-config'],
    strictPort: true,
    proxy: { '/api': API, '/storage': API },
  },
  // The federation runtime's optional parts root-config never uses: manifest snapshots (remotes are loaded
  // from their remoteEntry.js) and the Node loader. Dropped at build time.
  define: {
    __SHARED_VERSIONS__: JSON.stringify(sharedVersions()),
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    ENV_TARGET: JSON.stringify('web'),
  },
  build: {
    target: 'es2022',
    // No modulepreload polyfill in the entry: every browser of es2022 but Safari before 17 and Firefox before
    // 115 follows modulepreload, and those fetch each module when it is imported, as they would without the
    // hints (0.26 KB gzip less on every page).
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React DOM and i18next change only with their versions: chunks of their own keep their names (and the
        // browser's and service worker's copies) across deploys of the site's code.
        codeSplitting: {
          groups: [
            {
              name: 'react-dom',
              // With the module that runs them when the chunk is evaluated (src/react-first.ts).
              test: (id: string) =>
                /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ||
                /[\\/]src[\\/]react-first\.ts$/.test(id),
            },
            { name: 'i18next', test: /[\\/]node_modules[\\/]i18next[\\/]/ },
            // The other libraries of the entry (the federation runtime, single-spa, the router): evaluated before
            // it, in a task of their own (src/first-paint.ts), the entry's own evaluation is half as long. The
            // libraries only a later screen imports stay in that screen's chunks.
            {
              name: 'libraries',
              test: /[\\/]node_modules[\\/](@module-federation[\\/]|single-spa|react-router|react-i18next|workbox-window)/,
            },
          ],
        },
      },
    },
  },
});
