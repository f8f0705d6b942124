import { createServerEntry } from '@agency/core/server';
import { App } from './app/app';

/** The marketing pages' server entry: home, about, pricing, services, a service, portfolio and contact. */
export const { render } = createServerEntry({
  appName: '@agency/mf-marketing',
  parts: [{ component: App }],
});
