/**
 * The Module Federation `shared` map every participant declares, so exactly one copy of each library runs
 * in the browser. Sharing only react and react-dom is not enough: react/jsx-runtime and react-dom/client are
 * separate entry points and would otherwise be bundled into each remote (two Reacts, broken hooks).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'i18next',
  'react-i18next',
  'react-toastify',
  '@agency/core',
];

/** @returns {Record<string, { singleton: true; requiredVersion: false | string; strictVersion: false }>} */
export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false, strictVersion: false }]),
  );
}

export const SHARED_SINGLETON_NAMES = SINGLETONS;
