import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useServerRender } from '../ssr/server-render';

/**
 * The router of a micro-frontend: the browser's history in the page, and on the server the request's URL
 * (the server render brings its own static router, so the browser's code never carries one).
 */
export function SiteRouter({ children }: { children: ReactNode }) {
  const server = useServerRender();
  if (server) return <server.Router>{children}</server.Router>;
  return <BrowserRouter>{children}</BrowserRouter>;
}
