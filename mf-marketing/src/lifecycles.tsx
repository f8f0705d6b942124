import { reactLifecycles } from '@agency/core';
import { App } from './app/app';

export const { bootstrap, mount, unmount } = reactLifecycles({
  appName: '@agency/mf-marketing',
  ns: ['marketing'],
  rootComponent: App,
});
