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
