import { createServerEntry } from '@agency/core/server';
import { SHELL_PARTS } from './app/shell';

/** The shell's server entry: the header, the 404 page and the footer of every public page. */
export const { render } = createServerEntry({ appName: '@agency/mf-shell', parts: SHELL_PARTS });
