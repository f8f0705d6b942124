import { navigateToUrl } from 'single-spa';

/**
 * Makes the links of markup the server rendered and no component hydrates (a `loadStatic` part) act as the
 * component's own links do: a link to a page of this site is followed in the app (single-spa's navigation, as
 * react-router's `Link` does), and a link to an element of this page (the skip link) moves focus to that
 * element without changing the address. A click meant for a new tab or window, a download, another site or an
 * e-mail or phone link is the browser's. Gives back what stops listening.
 */
export function followLinksInApp(container: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !container.contains(link)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    const here = link.ownerDocument.defaultView?.location;
    if (!here || url.origin !== here.origin) return;
    if (url.hash && url.pathname === here.pathname && url.search === here.search) {
      const target = link.ownerDocument.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      target.focus();
      return;
    }
    event.preventDefault();
    navigateToUrl(`${url.pathname}${url.search}${url.hash}`);
  };
  container.addEventListener('click', onClick);
  return () => container.removeEventListener('click', onClick);
}
