import { PAGE_DATA_ELEMENT_ID, pageAddress } from '@agency/core/page-data';

/**
 * Whether the server rendered this page for the address it is at (`/blog?page=02` shows `/blog?page=2`: see
 * core's pageAddress), or did not render it at all.
 */
function renderedForHere(doc: Document, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const renderedFor = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.dataset.url;
  return (
    renderedFor === undefined ||
    pageAddress(renderedFor) === pageAddress(`${location.pathname}${location.search}`)
  );
}

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
  if (renderedForHere(doc, location)) return;
  for (const id of containerIds) doc.getElementById(id)?.replaceChildren();
}

/**
 * Drops what the server wrote into the head about the page it rendered (canonical URL, language alternates,
 * link-preview tags, JSON-LD: every one marked `data-page`, api/src/lib/page-head.ts) once the address is
 * another page's, after a navigation in the app or in a kept page opened at another address: a phone's share
 * sheet takes the canonical URL, and must not share the first page's.
 */
export function dropHeadOfAnotherPage(doc: Document, location: Pick<Location, 'pathname' | 'search'>): void {
  if (renderedForHere(doc, location)) return;
  for (const element of doc.head.querySelectorAll('[data-page]')) element.remove();
}
