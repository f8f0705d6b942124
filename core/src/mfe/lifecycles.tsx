import type { ComponentType } from 'react';
import React, { startTransition } from 'react';
import ReactDOMClient, { type Root } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { currentLanguage } from '../i18n/language';
import { ensureI18n, type Namespace } from '../i18n/setup';
import { pageData } from '../ssr/page-data';
import { yieldToMain } from './yield';

/** The DOM container of a micro-frontend: index.html declares one per app, in page order. */
export function appContainer(appName: string): HTMLElement {
  return containerById(`single-spa-application:${appName}`);
}

function containerById(id: string): HTMLElement {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.body.appendChild(el);
  }
  return el;
}

function RenderError() {
  return null;
}

/**
 * Whether a container's markup is the server's render of this very page, to be hydrated: the page's data says
 * the server rendered this address in the language the page shows. Markup of another page or language (the
 * page a service worker kept for offline use, a language chosen since) is cleared and rendered afresh.
 */
export function shouldHydrate(container: HTMLElement): boolean {
  if (!container.hasChildNodes()) return false;
  const data = pageData();
  if (data && data.language === currentLanguage()) return true;
  container.replaceChildren();
  return false;
}

/**
 * React DOM's client API as single-spa-react calls it, with hydration run as a transition: React then
 * hydrates in slices that yield to the browser (and each Suspense boundary on its own) instead of one long
 * task, and a mismatch is reported as an error, never passed over in silence.
 */
function reactDomClient(appName: string) {
  return {
    createRoot: ReactDOMClient.createRoot,
    hydrateRoot(container: Element, element: React.ReactNode): Root {
      let root: Root | undefined;
      startTransition(() => {
        root = ReactDOMClient.hydrateRoot(container, element, {
          onRecoverableError: (error) => console.error(`${appName}: hydration failed`, error),
        });
      });
      return root as Root;
    },
  };
}

/** A part of a micro-frontend that renders into its own element of the page (the shell's header, footer). */
export interface ReactPart {
  /** The element's id in index.html; by default the app's own container. */
  containerId?: string;
  component: ComponentType;
}

/**
 * single-spa lifecycles for a React micro-frontend: bootstrap waits for the shared i18n instance and the
 * app's namespace, so the first render is already translated. Each part is a React root of its own in its own
 * element; where the server rendered the element's markup it is hydrated, elsewhere rendered.
 */
export function reactLifecycles(options: {
  appName: string;
  ns: readonly Namespace[];
  rootComponent?: ComponentType;
  parts?: readonly ReactPart[];
  errorBoundary?: ComponentType<{ error: Error }>;
  /** More to wait for before the first render (the code of the page to show). */
  prepare?: () => Promise<unknown>;
}) {
  const parts: readonly ReactPart[] =
    options.parts ?? (options.rootComponent ? [{ component: options.rootComponent }] : []);
  const roots = parts.map((part) => {
    const container = () =>
      part.containerId ? containerById(part.containerId) : appContainer(options.appName);
    return singleSpaReact({
      React,
      ReactDOMClient: reactDomClient(options.appName) as unknown as typeof ReactDOMClient,
      rootComponent: function Root() {
        const App = part.component;
        return <App />;
      },
      domElementGetter: container,
      renderType: () => (shouldHydrate(container()) ? 'hydrateRoot' : 'createRoot'),
      errorBoundary: (error: Error) => {
        const Boundary = options.errorBoundary ?? RenderError;
        return <Boundary error={error} />;
      },
    });
  });
  // A break for the browser before each step (the translations, each part's first render or hydration), so
  // starting a page is a series of short tasks rather than one long one.
  return {
    bootstrap: [
      yieldToMain,
      () => Promise.all([ensureI18n(options.ns), options.prepare?.()]),
      ...roots.flatMap((root) => [yieldToMain, root.bootstrap]),
    ],
    mount: roots.flatMap((root) => [yieldToMain, root.mount]),
    unmount: roots.map((root) => root.unmount),
  };
}
