import { reactLifecycles } from '@agency/core';
import { App, preloadPage } from './app/app';

export const { bootstrap, mount, unmount } = reactLifecycles({
  appName: '@agency/mf-marketing',
  ns: ['marketing'],
  rootComponent: App,
  // The page's code before the first render, so a page the server rendered is hydrated in one pass.
  prepare: () => preloadPage(window.location.pathname),
});
