import { announceUpdate } from '@agency/core/pwa';
import { Workbox } from 'workbox-window';

/** How long the browser may take to be idle once the page has started, before the worker is registered anyway. */
export const IDLE_TIMEOUT_MS = 2000;

type StartWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Runs `run` once the page has started: its first apps mounted (single-spa's first routing event; a page the
 * server rendered is then hydrated) and the browser idle, within IDLE_TIMEOUT_MS. Called before single-spa
 * starts (main.ts). The service worker's install fetches and stores every file of the site (some 230): begun
 * at the load event, as Workbox does by default, it ran beside the hydration, and its network and storage work
 * took the main thread's time (docs/architecture.md, "The service worker waits for the page").
 */
export function afterStart(win: StartWindow, run: () => void): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(run, 0);
  };
  win.addEventListener('single-spa:routing-event', whenIdle, { once: true });
}

/**
 * Registers the service worker once the page has started (afterStart), and not before the load event
 * (Workbox's own rule). When a new version is installed and waiting, the shell is told (it shows a toast);
 * accepting activates the new worker and reloads once it controls the page.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    announceUpdate({
      apply: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  afterStart(window, () => {
    wb.register().catch((error: unknown) => {
      // The site still works without it, only not offline; the next visit tries again.
      console.warn('The service worker could not be registered', error);
    });
  });
  // Check for a new version when the visitor comes back to the tab.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}
