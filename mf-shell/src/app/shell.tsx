import { matchRoute, useLocation } from '@agency/core';
import { Portal } from '../components/portal';
import { SkipLink } from '../components/skip-link';
import { Footer } from '../features/footer/components/footer';
import { NavBar } from '../features/nav/components/nav-bar';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { OfflineBanner } from '../features/offline/components/offline-banner';
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

/**
 * The always-mounted frame of the site. It renders into the page's static slots through portals; the 404 page
 * appears only while no route of the shared table matches, re-checked on every location change.
 */
export function Shell() {
  const { pathname } = useLocation();
  const unknownPath = matchRoute(pathname) === null;
  return (
    <>
      <Portal targetId={SHELL_TARGETS.header}>
        <header className="site-header" data-mfe="@agency/mf-shell">
          <SkipLink />
          <TopBar />
          <NavBar />
          <OfflineBanner />
        </header>
      </Portal>
      {unknownPath && (
        <Portal targetId={SHELL_TARGETS.notFound}>
          <NotFoundPage />
        </Portal>
      )}
      <Portal targetId={SHELL_TARGETS.footer}>
        <Footer />
      </Portal>
      <ScrollToTop />
      <ToastRegion />
      <UpdatePrompt />
    </>
  );
}
