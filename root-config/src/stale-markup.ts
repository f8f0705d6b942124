import { PAGE_DATA_ELEMENT_ID } from '@agency/core/page-data';

/**
 * A page the service worker kept for offline use may hold the server's markup of another address: what every
 * container holds is then cleared before any app mounts, so nothing of that page stays (an app not active
 * here would never clear its own container). A page the server rendered for this address is left as it is,
 * to be hydrated, and so is a page the server did not render.
 */
export function clearMarkupOfAnotherPage(
  doc: Document,
  location: Pick<Location, 'pathname' | 'search'>,
  containerIds: readonly string[],
): void {
  const renderedFor = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.dataset.url;
  if (renderedFor === undefined || renderedFor === `${location.pathname}${location.search}`) return;
  for (const id of containerIds) doc.getElementById(id)?.replaceChildren();
}

/**
 * Drops what the server wrote into the head about the page it rendered (canonical URL, language alternates,
 * link-preview tags, JSON-LD: every one marked `data-page`, api/src/lib/page-head.ts) once the address is
 * another page's, after a navigation in the app or in a kept page opened at another address: a phone's share
 * sheet takes the canonical URL, and must not share the first page's.
 */
export function dropHeadOfAnotherPage(doc: Document, location: Pick<Location, 'pathname' | 'search'>): void {
  const renderedFor = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.dataset.url;
  if (renderedFor === undefined || renderedFor === `${location.pathname}${location.search}`) return;
  for (const element of doc.head.querySelectorAll('[data-page]')) element.remove();
}
