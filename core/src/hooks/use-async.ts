import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: T };

export type AsyncResult<T> = AsyncState<T> & { retry: () => void };

/**
 * Runs `load` whenever `key` changes (aborting the previous run) and on `retry()`. While the last run failed,
 * the browser coming back online retries by itself, so an offline message does not outlive the outage.
 *
 * `initial` gives the state to start from when it is already known: what the server rendered the page with
 * (core/src/ssr). Then the first render shows it (on the server, and in the browser's hydration, alike) and
 * nothing is loaded until `key` changes or `retry()` is called.
 *
 * What it answers always belongs to the current `key`: in the render where the key changes (before the new run
 * starts) it is already loading, never the previous key's data, which a caller could take for the new one's.
 */
export function useAsync<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: () => AsyncState<T> | null,
): AsyncResult<T> {
  const [held, setHeld] = useState<{ key: string; state: AsyncState<T> }>(() => ({
    key,
    state: initial?.() ?? { status: 'loading' },
  }));
  const state: AsyncState<T> = held.key === key ? held.state : { status: 'loading' };
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The key and attempt the state already answers: the page's data on the first render.
  const answered = useRef<string | null>(state.status === 'loading' ? null : `${key}|0`);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** The last run failed, and no other has started since. */
  const failed = useRef(state.status === 'error');

  // `key` names what is loaded and `attempt` asks again; `load` is read from a ref, so a new closure each
  // render does not reload.
  useEffect(() => {
    if (answered.current === `${key}|${attempt}`) return;
    answered.current = null;
    const controller = new AbortController();
    failed.current = false;
    setHeld({ key, state: { status: 'loading' } });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setHeld({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        failed.current = true;
        setHeld({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  // One listener for the component's life, which retries only while the last run failed (marked when it
  // fails, not when that is rendered): a listener added after the failure's render would miss a connection
  // that came back in between.
  useEffect(() => {
    const online = () => {
      if (failed.current) retry();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [retry]);

  return { ...state, retry };
}
