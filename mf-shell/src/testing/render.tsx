import type { Language, SiteConfig } from '@agency/core';
import { I18nextProvider } from '@agency/core';
import { MemoryRouter } from '@agency/core/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createTestI18n } from './i18n';
import { installSiteConfig, TEST_SITE_CONFIG } from './site-config';

export interface RenderOptions {
  lng?: Language;
  path?: string;
  siteConfig?: SiteConfig;
  /** The element to render into (a slot of the page) instead of a new one. */
  container?: HTMLElement;
}

/** Renders inside a router at `path`, with the real translations and the test site configuration. */
export function renderWithShell(
  ui: ReactElement,
  { lng = 'en', path = '/', siteConfig = TEST_SITE_CONFIG, container }: RenderOptions = {},
) {
  installSiteConfig(siteConfig);
  const i18n = createTestI18n(lng);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
    container ? { container } : {},
  );
}

/** The static slots of root-config's index.html the shell renders into. */
export function installPageSlots(): void {
  document.body.innerHTML = `
    <header id="site-header" class="site-header"><div id="site-top-bar"></div><div id="site-nav"></div></header>
    <main id="main-content" tabindex="-1"><div id="not-found"></div></main>
    <div id="site-footer"></div>`;
}
