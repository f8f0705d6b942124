/**
 * The contact form's offline queue, between the page and the service worker (root-config/src/sw/sw.ts): a
 * message sent with no connection is kept by the worker (answer `contact_queued`, 202) and sent when the
 * connection is back; the worker then tells every open page with `CONTACT_SENT`. A page asks it to try the
 * queue now with `CONTACT_REPLAY` (at each visit and when the browser comes back online): the fallback where
 * the browser has no Background Sync, or its sync is waiting out a back-off.
 *
 * Not in core's shared index, which every page loads: the contact form bundles it, and the shell loads it only
 * once a service worker controls the page.
 */
export const CONTACT_REPLAY = 'agency:contact-replay';
export const CONTACT_SENT = 'agency:contact-sent';

export interface ContactSentMessage {
  type: typeof CONTACT_SENT;
  /** The message's Idempotency-Key. */
  key: string;
  /** False when the server refused it for good (a 4xx other than 429): it will not be tried again. */
  ok: boolean;
}

/** Calls back for each queued contact message the service worker has sent. Returns an unsubscribe. */
export function onContactSent(callback: (message: ContactSentMessage) => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  const listener = (event: MessageEvent) => {
    const data = event.data as Partial<ContactSentMessage> | null;
    if (data?.type === CONTACT_SENT && typeof data.key === 'string') callback(data as ContactSentMessage);
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}

/** Asks the service worker for the news it kept and to send its queue now (no-op without a worker). */
export function askContactReplay(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: CONTACT_REPLAY });
}
