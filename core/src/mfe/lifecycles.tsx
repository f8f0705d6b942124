import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ensureI18n, type Namespace } from '../i18n/setup';

/** The DOM container of a micro-frontend: index.html declares one per app, in page order. */
export function appContainer(appName: string): HTMLElement {
  const id = `single-spa-application:${appName}`;
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
 * single-spa lifecycles for a React micro-frontend: bootstrap waits for the shared i18n instance and the
 * app's namespace, so the first render is already translated.
 */
export function reactLifecycles(options: {
  appName: string;
  ns: readonly Namespace[];
  rootComponent: ComponentType;
  errorBoundary?: ComponentType<{ error: Error }>;
}) {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: function Root() {
      const App = options.rootComponent;
      return <App />;
    },
    domElementGetter: () => appContainer(options.appName),
    errorBoundary: (error: Error) => {
      const Boundary = options.errorBoundary ?? RenderError;
      return <Boundary error={error} />;
    },
  });
  return {
    bootstrap: [() => ensureI18n(options.ns), lifecycles.bootstrap],
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
  };
}
