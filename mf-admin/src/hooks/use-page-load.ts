import { useEffect, useState } from 'react';

export type PageLoad<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; page: T };

/**
 * One page of a list, loaded by `load` for `key` (what the list is asked with: its filters and page number,
 * as a string) and asked again when `key` or `reloadToken` change. A reload of the same key keeps what is on
 * screen until the answer arrives; the answer to a question no longer asked is dropped (its request aborted).
 */
export function usePageLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  reloadToken: number,
): PageLoad<T> {
  const [state, setState] = useState<PageLoad<T>>({ status: 'loading' });
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setState({ status: 'loading' });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `load` asks.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', page });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, reloadToken]);

  return state;
}
