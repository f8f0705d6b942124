import { useEffect, useSyncExternalStore } from 'react';
import { adminFetch } from '../../../lib/admin-api';

/**
 * How many contact messages are still new, for the admin bar's badge. The inbox's answers carry the count,
 * so every list the editor opens and every change they make keeps it right; the bar also asks once when
 * it appears and whenever the editor comes back to the tab. Null until known.
 */
let newCount: number | null = null;
const listeners = new Set<() => void>();

export function setNewMessageCount(count: number): void {
  if (count === newCount) return;
  newCount = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let pending: Promise<void> | null = null;

/** Asks the server for the count (one request at a time); a failure leaves the last count shown. */
export function refreshNewMessageCount(): Promise<void> {
  // The smallest list there is: the answer's count is what is wanted (this file stays out of the inbox's
  // own code, which loads only when the inbox is opened).
  pending ??= adminFetch<{ new_count?: unknown } | null>('/contact-messages', {
    query: { status: 'new', per_page: 1 },
  })
    .then((body) => {
      if (typeof body?.new_count === 'number') setNewMessageCount(body.new_count);
    })
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Forgets the count (tests start each case afresh). */
export function resetNewMessageCount(): void {
  newCount = null;
  pending = null;
}

/** The count of new messages, fetched when the caller appears and when the tab is shown again. */
export function useNewMessageCount(enabled: boolean): number | null {
  useEffect(() => {
    if (!enabled) return;
    refreshNewMessageCount();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshNewMessageCount();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [enabled]);
  return useSyncExternalStore(subscribe, () => newCount);
}
