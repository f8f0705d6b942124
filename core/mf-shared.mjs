/**
 * The Module Federation `shared` map every remote declares, so exactly one copy of each library runs in the
 * browser. Sharing only react and react-dom is not enough: react/jsx-runtime and react-dom/client are separate
 * entry points and would otherwise be bundled into each remote (two Reacts, broken hooks). react-router-dom,
 * react-i18next and react-toastify are not listed: they reach every micro-frontend through the `@agency/core`
 * singleton (core/src/router.ts, i18n/react.ts, toast.ts), one copy, tree-shaken to what the site uses.
 */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'i18next', '@agency/core'];

/**
 * root-config is the one provider of every shared library: it bundles them with the shell and registers them
 * with the federation runtime before any remote loads (root-config/src/shared.ts). The remotes consume them
 * with `import: false` and bundle no fallback copy.
 */
export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      { singleton: true, requiredVersion: false, strictVersion: false, import: false },
    ]),
  );
}

export const SHARED_SINGLETON_NAMES = SINGLETONS;
