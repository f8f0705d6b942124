/**
 * The contact form's offline queue, between the page and the service worker (root-config/src/sw/sw.ts): a
 * message sent with no connection is kept by the worker (answer `contact_queued`, 202) and sent when the
 * connection is back; the worker then tells every open page with `CONTACT_SENT`. A page asks it to try the
 * queue now with `CONTACT_REPLAY` (at each visit and when the browser comes back online): the fallback where
 * the browser has no Background Sync, or its sync is waiting out a back-off.
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
