import type { Paginated } from '@agency/core';
import type { MediaItem } from '@agency/core/rules';
import { type PageLoad, usePageLoad } from '../../../hooks/use-page-load';
import { listMedia } from '../api/media-api';

export type MediaPageState = PageLoad<Paginated<MediaItem>>;

/** One page of the library for a search, asked again when the search, the page or `reloadToken` change. */
export function useMediaPage(q: string, page: number, reloadToken: number): MediaPageState {
  return usePageLoad(JSON.stringify([q, page]), (signal) => listMedia({ q, page }, signal), reloadToken);
}
