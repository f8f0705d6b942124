import { announceUpdate } from '@agency/core/pwa';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker. When a new version is installed and waiting, the shell is told (it shows a
 * toast); accepting activates the new worker and reloads once it controls the page.
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
  wb.register().catch((error: unknown) => {
    // The site still works without it, only not offline; the next visit tries again.
    console.warn('The service worker could not be registered', error);
  });
  // Check for a new version when the visitor comes back to the tab.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}
