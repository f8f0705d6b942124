import type { ComponentType, ReactElement } from 'react';
import React, { startTransition } from 'react';
import ReactDOMClient, { type Root } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { currentLanguage } from '../i18n/language';
import { ensureI18n, type Namespace } from '../i18n/setup';
import { pageData } from '../ssr/page-data';
import { followLinksInApp } from './kept-markup';
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

/**
 * A part of a micro-frontend that renders into its own element of the page (the shell's header, footer):
 * - `component`: hydrated where the server rendered the element's markup, rendered elsewhere;
 * - `loadStatic`: a part that never changes once rendered (the footer). Where the element holds the server's
 *   markup of this page, that markup is kept as it is: no code is fetched and nothing is hydrated, and its
 *   links are followed in the app as the component's own would be (`followLinksInApp`). Elsewhere (a page the
 *   browser renders itself) its code is imported and rendered.
 */
export type ReactPart = { containerId?: string } & (
  | { component: ComponentType; loadStatic?: never }
  | { loadStatic: () => Promise<ComponentType>; component?: never; containerId: string }
);

type Lifecycle = (props: object) => Promise<unknown>;
interface PartLifecycles {
  bootstrap: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
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
  const roots = parts.map((part): PartLifecycles => {
    const container = () =>
      part.containerId ? containerById(part.containerId) : appContainer(options.appName);
    const root = (
      app: { rootComponent: () => ReactElement } | { loadRootComponent: () => Promise<() => ReactElement> },
      renderType: () => 'hydrateRoot' | 'createRoot',
    ) =>
      singleSpaReact({
        React,
        ReactDOMClient: reactDomClient(options.appName) as unknown as typeof ReactDOMClient,
        ...app,
        domElementGetter: container,
        renderType,
        errorBoundary: (error: Error) => {
          const Boundary = options.errorBoundary ?? RenderError;
          return <Boundary error={error} />;
        },
      }) as unknown as PartLifecycles;
    if (part.component) {
      return root({ rootComponent: rootOf(part.component) }, () =>
        shouldHydrate(container()) ? 'hydrateRoot' : 'createRoot',
      );
    }
    // Where the server's markup is there it is kept (staticPart); elsewhere the part's code is rendered.
    const { loadStatic } = part;
    return staticPart(container, () =>
      root({ loadRootComponent: () => loadStatic().then(rootOf) }, () => 'createRoot'),
    );
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

/** The root component single-spa-react renders: the part, without the props single-spa passes. */
function rootOf(App: ComponentType): () => ReactElement {
  return function Root() {
    return <App />;
  };
}

/**
 * The lifecycles of a `loadStatic` part: decided at bootstrap, the server's markup of this page is kept (its
 * links followed in the app), or the part's code is imported and rendered.
 */
function staticPart(container: () => HTMLElement, rendered: () => PartLifecycles): PartLifecycles {
  let render: PartLifecycles | undefined;
  let stopLinks: () => void = () => undefined;
  return {
    async bootstrap(props) {
      if (shouldHydrate(container())) return;
      render = rendered();
      return render.bootstrap(props);
    },
    async mount(props) {
      if (render) return render.mount(props);
      stopLinks = followLinksInApp(container());
    },
    async unmount(props) {
      if (render) return render.unmount(props);
      stopLinks();
    },
  };
}
