import type { Paginated, PaginationLink } from '@agency/core/types';

/** Laravel's default labels (its `pagination.previous` / `pagination.next` lines), HTML entities included. */
export const PREVIOUS_LABEL = '&laquo; Previous';
export const NEXT_LABEL = 'Next &raquo;';

/** Pages shown on each side of the current one before the list is cut with '...' (Laravel's default). */
const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

/**
 * Which page numbers the links show, with `null` for a '...' gap: Laravel's UrlWindow. Up to 13 pages all
 * show; beyond that the first two and last two stay and a window of 3 on each side follows the current page.
 */
export function pageWindow(current: number, last: number): (number | null)[] {
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  const start = [1, 2];
  const finish = [last - 1, last];
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, ...finish];
  if (current > last - window) return [...start, null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [...start, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, ...finish];
}

export interface PageInput<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  /** The URL of another page of the same list (its other query parameters kept). */
  urlFor: (page: number) => string;
}

/**
 * Laravel's LengthAwarePaginator as JSON: the items, the counts and the links (previous, the page window,
 * next), where a link that leads nowhere has a null url. An empty list still has one page; a page past the
 * last answers no items with the counts unchanged, as Laravel does.
 */
export function paginate<T>({ items, total, page, perPage, urlFor }: PageInput<T>): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: PaginationLink[] = [
    { url: page > 1 ? urlFor(page - 1) : null, label: PREVIOUS_LABEL, active: false },
    ...pageWindow(page, lastPage).map((n) =>
      n === null
        ? { url: null, label: '...', active: false }
        : { url: urlFor(n), label: String(n), active: n === page },
    ),
    { url: page < lastPage ? urlFor(page + 1) : null, label: NEXT_LABEL, active: false },
  ];
  return { data: items, current_page: page, last_page: lastPage, per_page: perPage, total, links };
}
