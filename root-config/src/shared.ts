import * as core from '@agency/core';
import * as i18next from 'i18next';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';

declare const __SHARED_VERSIONS__: Record<string, string>;

/** The libraries root-config provides to every remote (core/mf-shared.mjs lists the same names). */
const MODULES: Record<string, object> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  i18next,
  '@agency/core': core,
};

export interface SharedLibrary {
  version: string;
  lib: () => object;
  shareConfig: { singleton: true; requiredVersion: false };
}

/**
 * The federation runtime's `shared` option: each library as root-config bundles it (with the shell, which uses
 * them too), at its installed version (vite.config.ts reads the versions at build time). The remotes are built
 * with `import: false` for each, so these are the only copies the page runs.
 */
export function sharedLibraries(
  versions: Record<string, string> = __SHARED_VERSIONS__,
): Record<string, SharedLibrary> {
  return Object.fromEntries(
    Object.entries(MODULES).map(([name, module]) => [
      name,
      {
        version: versions[name] ?? '0.0.0',
        lib: () => module,
        shareConfig: { singleton: true, requiredVersion: false },
      },
    ]),
  );
}
