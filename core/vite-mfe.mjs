import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from './mf-shared.mjs';
import { precompress } from './precompress.mjs';

/** Vitest's settings of every micro-frontend. */
const TEST = {
  environment: 'happy-dom',
  setupFiles: ['@agency/core/test-setup'],
  css: false,
  // Room for test-setup's 5 s waits on a busy machine; a test that passes is no slower for it.
  testTimeout: 20_000,
};

/**
 * Vite config of the shell, which is no remote: root-config bundles its browser code (root-config/src/main.ts)
 * and provides the shared libraries itself. Its own build is its server entry (dist/server/entry.js) and its
 * translations (public/ copied to dist/locales), which the server reads and serves.
 *
 * @returns {import('vite').UserConfigFnObject}
 */
export function shellConfig() {
  return ({ isSsrBuild }) =>
    isSsrBuild ? serverConfig({ withPublic: true }) : { plugins: [react()], test: TEST };
}

/**
 * Vite config of one micro-frontend: a Module Federation remote exposing only its single-spa lifecycles.
 * In production every remote shares the base /mf/: its entry and manifest go to /mf/<dir>/, its content-hashed
 * chunks to the common /mf/assets/, where identical chunks of different remotes (the federation runtime and
 * helpers) share one URL and are downloaded once. In dev each remote has its own dev server and port, listed in
 * root-config's dev registry.
 *
 * @param {{ name: string; dir: string; port: number; plugins?: import('vite').PluginOption[] }} options
 *   `plugins`: more plugins of the remote's browser build, given their turn before the federation's.
 * @returns {import('vite').UserConfigFnObject}
 */
export function mfeConfig({ name, dir, port, plugins = [] }) {
  return ({ command, isSsrBuild }) =>
    isSsrBuild
      ? serverConfig()
      : {
          base: command === 'build' ? '/mf/' : `http://localhost:${port}/`,
          plugins: [
            ...plugins,
            react(),
            federation({
              name,
              filename: command === 'build' ? `${dir}/remoteEntry.js` : 'remoteEntry.js',
              exposes: { './lifecycles': './src/lifecycles.tsx' },
              shared: sharedSingletons(),
              manifest: command === 'build' ? { fileName: `${dir}/mf-manifest.json` } : true,
              dts: false,
              // The federation runtime is root-config's (src/federation.ts publishes it): remotes read it from
              // globalThis._FEDERATION_RUNTIME_CORE instead of each page downloading a second copy.
              experiments: { externalRuntime: true },
            }),
            // Every text file also as .br and .gz, sent as they are (precompress.mjs).
            precompress(),
          ],
          server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
          preview: { port, strictPort: true, cors: true },
          build: {
            target: 'es2022',
            modulePreload: false,
            sourcemap: true,
            rolldownOptions: {
              // The federation plugin's chunks are named after their virtual modules, over 100 characters
              // (`_virtual_mf___mfe_internal__mf_marketing__mf_owner__…__loadShare__react__loadShare__`), and
              // every chunk of the remote imports one by that name: a short name is ~70 bytes gzip less a file.
              output: {
                chunkFileNames: ({ name }) =>
                  name.startsWith('_virtual_mf') ? 'assets/mf-[hash].js' : 'assets/[name]-[hash].js',
              },
            },
          },
          test: TEST,
        };
}

/**
 * Libraries the server process provides, one copy shared by every micro-frontend's server entry: left as
 * imports. `@agency/core` is core's server build (core/src/server.tsx), which holds all of core's API.
 */
const SERVER_SHARED = /^(react|react-dom|i18next|react-i18next|react-router|react-router-dom)(\/|$)/;

/**
 * The server build of a micro-frontend: `src/server.tsx` (its createServerEntry) as an ES module for Node in
 * dist/server/, next to the browser build, with the same public base so asset URLs agree. The server finds it
 * from the registry, like the browser finds the remote. With `withPublic` (the shell, whose browser build is
 * root-config's) the build goes to dist/ with the entry in dist/server/ and public/ copied beside it.
 *
 * @param {{ withPublic?: boolean }} [options]
 * @returns {import('vite').UserConfig}
 */
function serverConfig({ withPublic = false } = {}) {
  const inServer = withPublic ? 'server/' : '';
  return {
    base: '/mf/',
    publicDir: withPublic ? 'public' : false,
    plugins: [
      react(),
      {
        name: 'agency-server-shared',
        enforce: 'pre',
        resolveId(id) {
          if (id === '@agency/core' || id === '@agency/core/server')
            return { id: '@agency/core/server', external: true };
          if (SERVER_SHARED.test(id)) return { id, external: true };
          return null;
        },
      },
      // The translations public/ brings (the shell's) as .br and .gz too; the server entry is not served.
      ...(withPublic ? [precompress()] : []),
    ],
    build: {
      ssr: 'src/server.tsx',
      outDir: withPublic ? 'dist' : 'dist/server',
      emptyOutDir: true,
      copyPublicDir: withPublic,
      target: 'node20',
      sourcemap: true,
      rollupOptions: {
        output: {
          entryFileNames: `${inServer}entry.js`,
          chunkFileNames: `${inServer}assets/[name]-[hash].js`,
          assetFileNames: `${inServer}assets/[name]-[hash][extname]`,
          format: 'es',
          // One file: a chunk would import the entry back as `../entry.js`, without the version the server
          // imports a rebuilt entry with (api/src/lib/page-render.ts), and so get the first deploy's module.
          codeSplitting: false,
        },
      },
    },
  };
}

/** Dev ports: root-config (with the shell) and each remote. */
export const DEV_PORTS = {
  'root-config': 5100,
  'mf-marketing': 5102,
  'mf-blog': 5103,
  'mf-admin': 5104,
};
