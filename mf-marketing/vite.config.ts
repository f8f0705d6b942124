import { fileURLToPath } from 'node:url';
import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig, type Plugin } from 'vite';

const REACT_FOR_REQUIRE = fileURLToPath(
  new URL('src/features/home/lib/react-for-require.cjs', import.meta.url),
);

/**
 * React for the CommonJS modules of react-slick (the client-logo carousel), which `require('react')`. Given the
 * shared React itself, a `require` makes the federation's React module, and every module it comes with, a
 * lazily run CommonJS-compatible one, which every page of this remote downloads and calls (0.8 KB gzip more
 * on each, though only the home page's carousel needs it). Their `require` gets instead a plain object
 * (src/features/home/lib/react-for-require.cjs) holding the five parts of React they use, which the carousel's
 * module puts there before it imports react-slick (react-for-slick.ts); React's own module stays an ES module.
 * The carousel's end-to-end tests run it in the production build.
 */
function reactForRequire(): Plugin {
  return {
    name: 'agency-react-for-require',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const { kind } = options as { kind?: string };
      if (source === 'react' && kind === 'require-call' && /[\\/]react-slick[\\/]/.test(importer ?? ''))
        return REACT_FOR_REQUIRE;
      return null;
    },
  };
}

export default defineConfig(
  mfeConfig({ name: 'mf_marketing', dir: 'mf-marketing', port: 5102, plugins: [reactForRequire()] }),
);
