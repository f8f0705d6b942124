import { reactLifecycles } from '@agency/core';
import { SHELL_PARTS } from './app/shell';

export const { bootstrap, mount, unmount } = reactLifecycles({
  appName: '@agency/mf-shell',
  ns: ['shell'],
  parts: SHELL_PARTS,
});
