import { createServerEntry } from '@agency/core/server';
import { App } from './app/app';

/**
 * The marketing pages' server entry: home, about, pricing, services, a service, portfolio, contact, and the
 * privacy policy and terms.
 */
export const { render } = createServerEntry({
  appName: '@agency/mf-marketing',
  parts: [{ component: App }],
});
