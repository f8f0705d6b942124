import { askContactReplay, onContactSent, toast, useTranslation } from '@agency/core';
import { useEffect } from 'react';

/**
 * Says when a contact message the service worker kept offline has gone, on whatever page the visitor is (or
 * at their next visit, when it went with every page closed), and has the worker try its queue at each visit
 * and when the connection comes back.
 */
export function ContactDelivery() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const stop = onContactSent(({ key, ok }) => {
      if (ok) toast.success(t('contactQueue.sent'), { toastId: `contact-${key}` });
      else toast.error(t('contactQueue.refused'), { toastId: `contact-${key}` });
    });
    // Asked once listening, so that nothing the worker answers is missed.
    askContactReplay();
    window.addEventListener('online', askContactReplay);
    return () => {
      stop();
      window.removeEventListener('online', askContactReplay);
    };
  }, [t]);
  return null;
}
