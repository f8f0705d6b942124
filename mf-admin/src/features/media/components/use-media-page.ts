import type { Paginated } from '@agency/core';
import type { MediaItem } from '@agency/core/rules';
import { useEffect, useState } from 'react';
import { listMedia } from '../api/media-api';

export type MediaPageState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; page: Paginated<MediaItem> };

/**
 * One page of the library for a search, asked again when the search, the page or `reloadToken` change. A
 * reload of the same page keeps the images on screen until the answer arrives.
 */
export function useMediaPage(q: string, page: number, reloadToken: number): MediaPageState {
  const key = JSON.stringify([q, page]);
  const [state, setState] = useState<MediaPageState>({ status: 'loading' });
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setState({ status: 'loading' });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search and the page.
  useEffect(() => {
    const controller = new AbortController();
    listMedia({ q, page }, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', page: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, reloadToken]);

  return state;
}
