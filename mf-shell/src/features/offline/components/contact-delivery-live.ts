import { toast } from '@agency/core';
import { askContactReplay, onContactSent } from '@agency/core/contact-queue';
import type { TFunction } from 'i18next';

/**
 * Toasts the news of each contact message the worker sends from its queue, and asks it to try the queue now
 * and whenever the connection comes back. Returns the way to stop.
 */
export function listenForContactNews(t: TFunction<'shell'>): () => void {
  const unsubscribe = onContactSent(({ key, ok }) => {
    if (ok) toast.success(t('contactQueue.sent'), { toastId: `contact-${key}` });
    else toast.error(t('contactQueue.refused'), { toastId: `contact-${key}` });
  });
  // Asked once listening, so that nothing the worker answers is missed.
  askContactReplay();
  window.addEventListener('online', askContactReplay);
  return () => {
    unsubscribe();
    window.removeEventListener('online', askContactReplay);
  };
}
