import { ApiError, toast, useTranslation } from '@agency/core';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../../lib/failure-text';

export type Loaded<D> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: D };

export interface ListScreen<D> {
  state: Loaded<D>;
  setState: Dispatch<SetStateAction<Loaded<D>>>;
  /** A change is on its way: the next waits (the buttons stay enabled, aria-disabled, so focus stays). */
  busy: boolean;
  /** What the last change did, for the screen's live region. */
  status: string;
  setStatus: (text: string) => void;
  /** The id of what gets focus after the next render (a moved row's button, a renamed row's name). */
  focusAfter: { current: string | null };
  load: (signal?: AbortSignal) => Promise<void>;
  /**
   * Runs a change, then says how it went (live region and toast); a refused one (4xx) reloads the list as it
   * now is. `onError` may take an error over (true: nothing more is said).
   */
  change: (run: () => Promise<string>, onError?: (error: unknown) => boolean) => Promise<void>;
}

/**
 * What the site's list screens (the content lists, the categories) share: the list read when the screen opens
 * (again when `read` changes, the earlier read dropped), one change at a time with its outcome said, and focus
 * put back after a change re-renders the rows. `report` hears each outcome: null for a success, else its
 * message (a screen with an alert box shows it there).
 */
export function useListScreen<D>(
  read: (signal?: AbortSignal) => Promise<D>,
  report?: (failure: string | null) => void,
): ListScreen<D> {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<Loaded<D>>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const focusAfter = useRef<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await read(signal);
        if (!signal?.aborted) setState({ status: 'ready', data });
      } catch (error) {
        if (!signal?.aborted) setState({ status: 'error', error });
      }
    },
    [read],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  async function change(run: () => Promise<string>, onError?: (error: unknown) => boolean) {
    if (busy) return;
    setBusy(true);
    try {
      const done = await run();
      setStatus(done);
      report?.(null);
      toast.success(done);
    } catch (error) {
      if (onError?.(error)) return;
      const message = failureText(t, 'content.saveError', error);
      setStatus(message);
      report?.(message);
      toast.error(message);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) await load();
    } finally {
      setBusy(false);
    }
  }

  return { state, setState, busy, status, setStatus, focusAfter, load, change };
}
