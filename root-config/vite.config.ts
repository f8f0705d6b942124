import { DEV_PORTS } from '@agency/core/vite-mfe';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fontPreloadAttributes, fontPreloads } from './src/fonts';

const API = `http://localhost:${process.env.API_PORT ?? 8080}`;
const NAMESPACE_OWNER: Record<string, keyof typeof DEV_PORTS> = {
  common: 'mf-shell',
  shell: 'mf-shell',
  marketing: 'mf-marketing',
  blog: 'mf-blog',
  admin: 'mf-admin',
};

/** In dev, the registry points at each remote's own dev server, and locales come from the owning remote. */
function devRegistry(): Plugin {
  return {
    name: 'agency-dev-registry',
    apply: 'serve',
    // @vitejs/plugin-react in each remote's dev server expects the React Refresh preamble in the host
    // page; root-config has no React, so install it from the shell's dev server.
    async transformIndexHtml(html) {
      // The API key and site details come from the running API, as the production server injects them.
      let meta = '';
      try {
        const res = await fetch(`${API}/app-meta.html`);
        if (res.ok) meta = await res.text();
      } catch {
        console.warn(`root-config dev: the API at ${API} is not answering; pages will miss their API key`);
      }
      const page = html.replace('<!--app-meta-->', meta);
      const refresh = `http://localhost:${DEV_PORTS['mf-shell']}/@react-refresh`;
      const tags: HtmlTagDescriptor[] = [
        {
          tag: 'script',
          attrs: { type: 'module' },
          injectTo: 'head-prepend',
          children: [
            `import RefreshRuntime from '${refresh}';`,
            'RefreshRuntime.injectIntoGlobalHook(window);',
            'window.$RefreshReg$ = () => {};',
            'window.$RefreshSig$ = () => (type) => type;',
            'window.__vite_plugin_react_preamble_installed__ = true;',
          ].join('\n'),
        },
      ];
      return { html: page, tags };
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url.startsWith('/mf-registry.json')) {
          const registry = Object.fromEntries(
            (['mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin'] as const).map((dir) => [
              dir.replace('-', '_'),
              `http://localhost:${DEV_PORTS[dir]}/`,
            ]),
          );
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(JSON.stringify(registry));
          return;
        }
        const locale = /^\/locales\/(en|ar)\/([a-z]+)\.json/.exec(url);
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

export default defineConfig({
  plugins: [devRegistry(), preloadFonts(), pwa()],
  server: {
    port: DEV_PORTS['root-config'],
    strictPort: true,
    proxy: { '/api': API, '/storage': API },
  },
  // The federation runtime's optional parts root-config never uses: manifest snapshots (remotes are loaded
  // from their remoteEntry.js) and the Node loader. Dropped at build time.
  define: {
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    ENV_TARGET: JSON.stringify('web'),
  },
  build: { target: 'es2022', sourcemap: true },
});
