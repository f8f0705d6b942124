/**
 * The Module Federation `shared` map every participant declares, so exactly one copy of each library runs
 * in the browser. Sharing only react and react-dom is not enough: react/jsx-runtime and react-dom/client are
 * separate entry points and would otherwise be bundled into each remote (two Reacts, broken hooks).
 * react-router-dom, react-i18next and react-toastify are not listed: they reach every micro-frontend through
 * the `@agency/core` singleton (core/src/router.ts, i18n/react.ts, toast.ts), one copy, tree-shaken to what
 * the site uses.
 */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'i18next', '@agency/core'];

/**
 * The shell is always mounted, so it is the one provider of every shared library; the other micro-frontends
 * consume them with `import: false` and bundle no fallback copy. Without this each remote also downloaded its
 * own copies of React DOM, i18next and core on first load (only one ran, but all were fetched). root-config
 * loads the shell's entry before any other remote, so the providers are registered first.
 *
 * @param {{ provider: boolean }} options
 */
export function sharedSingletons({ provider }) {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      provider
        ? { singleton: true, requiredVersion: false, strictVersion: false }
        : { singleton: true, requiredVersion: false, strictVersion: false, import: false },
    ]),
  );
}

export const SHARED_SINGLETON_NAMES = SINGLETONS;
