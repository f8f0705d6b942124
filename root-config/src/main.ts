import './react-first';
import { startLanguage } from '@agency/core/language';
import { yieldToMain } from '@agency/core/yield';
import * as shellLifecycles from '@agency/mf-shell/lifecycles';
import { type LifeCycles, registerApplication, start } from 'single-spa';
import { type AppDef, REMOTE_APPS, SHELL_APP } from './apps';
import { loadDeferredStylesheets } from './deferred-styles';
import { fallbackLifecycles } from './fallback';
import { createFederation } from './federation';
import { registerServiceWorker } from './pwa';
import { loadRegistry, type Registry } from './registry';
import { sharedLibraries } from './shared';
import { clearMarkupOfAnotherPage, dropHeadOfAnotherPage } from './stale-markup';

/** The elements of index.html the micro-frontends render into. */
const CONTAINER_IDS = [
  'site-top-bar',
  'site-nav',
  'not-found',
  'site-footer',
  `single-spa-application:${SHELL_APP}`,
  ...REMOTE_APPS.map((app) => `single-spa-application:${app.name}`),
];

// The registry is asked for first: the apps' code waits for it.
const registryRead = loadRegistry();
// Direction and language first, so nothing paints left-to-right in Arabic: the server already wrote them when
// it had the same sources (cookie, `?lng=`); a `?lng=` becomes the stored choice, and the cookie follows.
startLanguage();
// A page the service worker kept may hold another address's markup: cleared before any app mounts.
clearMarkupOfAnotherPage(document, location, CONTAINER_IDS);
dropHeadOfAnotherPage(document, location);
// After each navigation in the app too: the head's canonical URL and preview tags were the first page's.
window.addEventListener('single-spa:before-routing-event', () => dropHeadOfAnotherPage(document, location));
// The rest of the micro-frontends' stylesheets (the page carries inline what its markup uses): asked for in
// a task of its own, not in this module's evaluation, next to the apps' code, and waited for before any app
// mounts.
const stylesheetsWhole = yieldToMain().then(() => loadDeferredStylesheets(document));
// Nothing waits for the web font: index.html preloads it, and until it is there a local fallback with its
// metrics takes its room (fonts.css).

function containerOf(app: AppDef): () => HTMLElement {
  return () => {
    const id = `single-spa-application:${app.name}`;
    const el = document.getElementById(id);
    if (!el) throw new Error(`No container #${id}`);
    return el;
  };
}

async function boot(): Promise<void> {
  let registry: Registry = {};
  try {
    registry = await registryRead;
  } catch (error) {
    console.error('Micro-frontend registry could not be loaded', error);
  }
  // root-config provides the shared libraries (bundled here with the shell): registered before any remote loads.
  const federation = createFederation(registry, sharedLibraries());
  // Setting up the runtime and the apps' first load are two tasks, each short, not one long one.
  await yieldToMain();

  async function load(app: AppDef): Promise<LifeCycles> {
    if (!registry[app.remote]) throw new Error(`${app.remote} is not in the registry`);
    const lifecycles = await federation.loadRemote<LifeCycles>(`${app.remote}/lifecycles`);
    if (!lifecycles) throw new Error(`${app.remote} exposed nothing`);
    // Its modules were evaluated in one go: the browser gets its main thread back before the app starts.
    await yieldToMain();
    return lifecycles;
  }

  // The shell (header, footer, 404 page, toasts) is part of this bundle and always mounted.
  registerApplication({
    name: SHELL_APP,
    activeWhen: () => true,
    app: async (): Promise<LifeCycles> => {
      await stylesheetsWhole;
      const { bootstrap, mount, unmount } = shellLifecycles;
      return { bootstrap, mount, unmount };
    },
  });
  for (const app of REMOTE_APPS) {
    registerApplication({
      name: app.name,
      activeWhen: app.activeWhen,
      app: async (): Promise<LifeCycles> => {
        try {
          const lifecycles = await load(app);
          await stylesheetsWhole;
          return lifecycles;
        } catch (error) {
          console.error(`Could not load ${app.name}`, error);
          return fallbackLifecycles(containerOf(app));
        }
      },
    });
  }
  // Once the first page's apps are mounted (a page the server rendered is then hydrated), the page says so:
  // `data-app-ready` on <html>, which tests and monitoring wait for before they use the page.
  window.addEventListener(
    'single-spa:routing-event',
    () => document.documentElement.setAttribute('data-app-ready', ''),
    { once: true },
  );
  start({ urlRerouteOnly: true });
}

void boot();
registerServiceWorker();
