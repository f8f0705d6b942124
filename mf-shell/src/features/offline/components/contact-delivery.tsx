import { useTranslation } from '@agency/core';
import { useEffect } from 'react';

/**
 * Says when a contact message the service worker kept offline has gone, on whatever page the visitor is (or
 * at their next visit, when it went with every page closed), and has the worker try its queue at each visit
 * and when the connection comes back. Its code loads only once a worker controls the page: there is no queue
 * before, and a first load stays as light as it was.
 */
export function ContactDelivery() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const worker = navigator.serviceWorker;
    let stop: (() => void) | undefined;
    let live = true;
    const start = () => {
      if (stop || !worker?.controller) return;
      stop = () => {};
      void import('./contact-delivery-live').then((m) => {
        if (live) stop = m.listenForContactNews(t);
      });
    };
    start();
    // A first visit: the worker takes the page over once installed.
    worker?.addEventListener('controllerchange', start);
    return () => {
      live = false;
      worker?.removeEventListener('controllerchange', start);
      stop?.();
    };
  }, [t]);
  return null;
}
