import { useEffect, useMemo } from 'react';
import { readSiteConfig } from '../site-config';
import { useServerRender } from '../ssr/server-render';
import type { SiteConfig } from '../types';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets document.title (and the meta description when one is given) while the page is shown, and puts the
 * previous values back when it goes: single-spa swaps pages without a reload, so nothing else would. A title a
 * page sets is marked with the path it was set for (`<html data-title-for>`), so that the shell says a new
 * page's title once it is there, and not the one an old page put back on its way out.
 */
export function useDocumentMeta(title: string | null, description?: string | null): void {
  // On the server the page's head is written from what its components said. The outermost caller wins, as in
  // the browser, where effects run from the innermost component out and the last one to set the title stays.
  const server = useServerRender();
  if (server) {
    if (title !== null) server.head.title ??= title;
    if (description) server.head.description ??= description;
  }
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    document.documentElement.dataset.titleFor = window.location.pathname;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const meta = descriptionMeta();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}

/** The site's details: the server render's, or in the browser the JSON block the server put in the page. */
export function useSiteConfig(): SiteConfig {
  const server = useServerRender();
  return useMemo(() => server?.site ?? readSiteConfig(), [server]);
}

/** The site's name from the configuration the server put in the page (for document titles). */
export function useSiteName(): string {
  return useSiteConfig().name;
}
