import { matchRoute, type ReactPart, SiteRouter, useLocation } from '@agency/core';
import type { ComponentType } from 'react';
import { SkipLink } from '../components/skip-link';
import { Footer } from '../features/footer/components/footer';
import { NavBar } from '../features/nav/components/nav-bar';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { ContactDelivery } from '../features/offline/components/contact-delivery';
import { OfflineBanner } from '../features/offline/components/offline-banner';
import { PageChange } from '../features/page-change/components/page-change';
import { ScrollToTop } from '../features/scroll-to-top/components/scroll-to-top';
import { ToastRegion } from '../features/toasts/components/toast-region';
import { TopBar } from '../features/top-bar/components/top-bar';
import { UpdatePrompt } from '../features/update/components/update-prompt';

/** Where root-config's index.html expects each part of the shell. */
export const SHELL_TARGETS = {
  header: 'site-header',
  footer: 'site-footer',
  notFound: 'not-found',
} as const;

export function ShellHeader() {
  return (
    <header className="site-header" data-mfe="@agency/mf-shell">
      <SkipLink />
      <TopBar />
      <NavBar />
      <OfflineBanner />
    </header>
  );
}

/** The 404 page, only while no route of the shared table matches, re-checked on every location change. */
export function ShellNotFound() {
  const { pathname } = useLocation();
  return matchRoute(pathname) === null ? <NotFoundPage /> : null;
}

/**
 * What only exists in the browser: scrolling up on a new page and taking focus to its heading, the toasts,
 * the update prompt, the news of contact messages sent from the offline queue.
 */
export function ShellExtras() {
  return (
    <>
      <ScrollToTop />
      <PageChange />
      <ToastRegion />
      <UpdatePrompt />
      <ContactDelivery />
    </>
  );
}

/** Each part with its own router: single-spa fires popstate on every navigation, so all of them follow it. */
function routed(Part: ComponentType): ComponentType {
  return function Routed() {
    return (
      <SiteRouter>
        <Part />
      </SiteRouter>
    );
  };
}

/**
 * The always-mounted frame of the site, as separate React roots in the page's static slots: the header, the
 * footer and the 404 page are rendered on the server and hydrated in their own elements (a portal cannot be);
 * the rest lives in the shell's own container, in the browser only.
 */
export const SHELL_PARTS: readonly (ReactPart & { server?: boolean })[] = [
  { containerId: SHELL_TARGETS.header, component: routed(ShellHeader) },
  { containerId: SHELL_TARGETS.notFound, component: routed(ShellNotFound) },
  { containerId: SHELL_TARGETS.footer, component: routed(Footer) },
  { component: routed(ShellExtras), server: false },
];
