import { createServerEntry } from '@agency/core/server';
import { App } from './app/app';

/** The blog's server entry: /blog and /blog/{slug}, from the data the route declares. */
export const { render } = createServerEntry({ appName: '@agency/mf-blog', parts: [{ component: App }] });
