import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig, type UserConfig } from 'vite';
import { configDefaults } from 'vitest/config';

/**
 * Test files whose tests rely on module state of their own (a chunk not yet fetched, IndexedDB opened first by
 * someone else, stores and mocks set up at import): each runs in a fresh module graph, as every file did. The
 * others share one per worker (no isolation): 123 -> 78 s for the admin's suite on the 2-core machine.
 */
const ISOLATED = [
  'src/app/app-toasts.test.tsx',
  'src/features/content/components/draft-dialogs.test.tsx',
  'src/features/home/components/home-screens.test.tsx',
  'src/features/portfolio/components/portfolio-screens.test.tsx',
  'src/lib/admin-db.test.ts',
];

const base = mfeConfig({ name: 'mf_admin', dir: 'mf-admin', port: 5104 });

export default defineConfig((env) => {
  const config = base(env) as UserConfig & { test?: Record<string, unknown> };
  if (env.isSsrBuild || !config.test) return config;
  return {
    ...config,
    test: {
      ...config.test,
      projects: [
        {
          extends: true,
          test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...ISOLATED] },
        },
        { extends: true, test: { name: 'isolated', include: ISOLATED } },
      ],
    },
  };
});
