import { matchRoute, type ReactPart, useLocation } from '@agency/core';
import { NavBar } from '../features/nav/components/nav-bar';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { ContactDelivery } from '../features/offline/components/contact-delivery';
import { OfflineBanner } from '../features/offline/components/offline-banner';
import { PageChange } from '../features/page-change/components/page-change';
import { ScrollToTop } from '../features/scroll-to-top/components/scroll-to-top';
import { ToastRegion } from '../features/toasts/components/toast-region';
import { UpdatePrompt } from '../features/update/components/update-prompt';
import { routed } from './routed';
// The kept parts' stylesheets are root-config's, inlined in every page the server renders: their markup is
// there before (or without) their code.
import '../components/social-links.css';
import '../features/footer/components/footer.css';
import '../features/top-bar/components/top-bar.css';

/**
 * Where root-config's index.html expects each part of the shell: the skip link and top bar, then the
 * navigation, both inside the page's <header>.
 */
export const SHELL_TARGETS = {
  topBar: 'site-top-bar',
  nav: 'site-nav',
  footer: 'site-footer',
  notFound: 'not-found',
} as const;

/** The navigation and the offline notice: what of the header changes with the page and the connection. */
export function ShellNav() {
  return (
    <div data-mfe="@agency/mf-shell">
      <NavBar />
      <OfflineBanner />
    </div>
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

/**
 * The always-mounted frame of the site, as separate React roots in the page's static slots, each rendered on
 * the server: the navigation and the 404 page are hydrated in their own elements (a portal cannot be). The
 * top bar (with the skip link) and the footer never change once rendered: on a page the server rendered their
 * markup is kept without their code (`loadStatic`), which is fetched only for a page the browser renders
 * itself. The rest lives in the shell's own container, in the browser only.
 */
export const SHELL_PARTS: readonly (ReactPart & { server?: boolean })[] = [
  {
    containerId: SHELL_TARGETS.topBar,
    loadStatic: () => import('./kept-parts').then((module) => module.SiteTop),
  },
  { containerId: SHELL_TARGETS.nav, component: routed(ShellNav) },
  { containerId: SHELL_TARGETS.notFound, component: routed(ShellNotFound) },
  {
    containerId: SHELL_TARGETS.footer,
    loadStatic: () => import('./kept-parts').then((module) => module.SiteFooter),
  },
  { component: routed(ShellExtras), server: false },
];
