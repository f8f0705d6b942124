/**
 * The Module Federation `shared` map every participant declares, so exactly one copy of each library runs
 * in the browser. Sharing only react and react-dom is not enough: react/jsx-runtime and react-dom/client are
 * separate entry points and would otherwise be bundled into each remote (two Reacts, broken hooks).
 * react-router-dom and react-toastify are not listed: they reach every micro-frontend through the
 * `@agency/core` singleton (see core/src/router.ts), one copy, tree-shaken to what the site uses.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'i18next',
  'react-i18next',
  '@agency/core',
];

/** @returns {Record<string, { singleton: true; requiredVersion: false | string; strictVersion: false }>} */
export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false, strictVersion: false }]),
  );
}

export const SHARED_SINGLETON_NAMES = SINGLETONS;
