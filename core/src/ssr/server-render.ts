import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Language } from '../i18n/constants';
import type { SiteConfig } from '../types';
import type { PageHead, ReadAnswer } from './reads';

export { type PageHead, type ReadAnswer, readKey } from './reads';

/**
 * One server render: everything that belongs to the request rather than to the process (the URL, the language,
 * the data, the site's details). Components read it through this context, never from globals, so two requests
 * rendered at the same time never see each other's language or data. Absent in the browser.
 */
export interface ServerRender {
  /** Path and query of the page. */
  url: string;
  language: Language;
  site: SiteConfig;
  /** The route's declared reads, by `readKey` of their API URL. */
  reads: Readonly<Record<string, ReadAnswer>>;
  /** Reads a component asked for that the route did not declare: the server logs them (a bug to fix). */
  missing: Set<string>;
  head: PageHead;
  /** The router for this URL (react-router's static router on the server). */
  Router: ComponentType<{ children: ReactNode }>;
  /** The server's HTML sanitizer (the API's allow-list), for post content rendered into the page. */
  sanitizeHtml(html: string): string;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The server render this component is part of, or null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}
