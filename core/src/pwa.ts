import { CONTACT_REPLAY, CONTACT_SENT, type ContactSentMessage } from './contact-queue';

export { CONTACT_REPLAY, CONTACT_SENT, type ContactSentMessage } from './contact-queue';

/**
 * How root-config (which owns the service worker and has no UI framework) tells the shell that a new version
 * is waiting: a window event, remembered for a shell that mounts later.
 */
export const UPDATE_AVAILABLE_EVENT = 'agency:update-available';

export interface UpdateAvailableDetail {
  /** Activates the waiting version and reloads the page into it. */
  apply: () => void;
}

type UpdateWindow = Window & { __agencyPendingUpdate?: UpdateAvailableDetail };

export function announceUpdate(detail: UpdateAvailableDetail, win: Window = window): void {
  (win as UpdateWindow).__agencyPendingUpdate = detail;
  win.dispatchEvent(new CustomEvent<UpdateAvailableDetail>(UPDATE_AVAILABLE_EVENT, { detail }));
}

/** Calls back once per announced update, including one announced before this call. Returns an unsubscribe. */
export function onUpdateAvailable(callback: (detail: UpdateAvailableDetail) => void, win: Window = window) {
  const pending = (win as UpdateWindow).__agencyPendingUpdate;
  if (pending) callback(pending);
  const listener = (event: Event) => callback((event as CustomEvent<UpdateAvailableDetail>).detail);
  win.addEventListener(UPDATE_AVAILABLE_EVENT, listener);
  return () => win.removeEventListener(UPDATE_AVAILABLE_EVENT, listener);
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
