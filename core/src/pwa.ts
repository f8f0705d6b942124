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
