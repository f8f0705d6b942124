/**
 * The server half of core, for Node only: `@agency/core/server` is core's whole API plus what a
 * micro-frontend's server entry needs to render its part of a page. Each micro-frontend's server build imports
 * `@agency/core` from here (core/vite-mfe.mjs), so the server process runs one copy of core, React and
 * i18next, as the browser does.
 */
import i18next from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import type { Language } from './i18n/constants';
import { i18nOptions } from './i18n/setup';
import type { ReactPart } from './mfe/lifecycles';
import {
  type PageHead,
  type ReadAnswer,
  type ServerRender,
  ServerRenderContext,
  useServerRender,
} from './ssr/server-render';
import type { SiteConfig } from './types';

export * from './index';
export { PAGE_DATA_ELEMENT_ID, type PageData } from './ssr/page-data';
export { type PageHead, type ReadAnswer, readKey } from './ssr/server-render';

/** What the server gives a micro-frontend to render its part of one page. */
export interface RenderRequest {
  /** Path and query. */
  url: string;
  language: Language;
  site: SiteConfig;
  /** The route's reads, by readKey. */
  reads: Readonly<Record<string, ReadAnswer>>;
  /** Namespace -> translations in `language`. */
  resources: Readonly<Record<string, Record<string, unknown>>>;
  sanitizeHtml(html: string): string;
}

export interface RenderResult {
  /** Container id -> its markup ('' when the part shows nothing on this page). */
  parts: Record<string, string>;
  head: PageHead;
  /** Reads the page asked for that the request did not bring. */
  missing: string[];
  /** Errors a part's render recovered from (that part is then rendered in the browser). */
  errors: unknown[];
  /** `<link rel="preload">` tags React found worth sending early (images above the fold): for the head. */
  hints: string;
}

export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** A part the server renders: the same component and container as the browser's (see reactLifecycles). */
export type ServerPart = ReactPart & {
  /** False for a part that only exists in the browser (toasts, the update prompt). */
  server?: boolean;
};

/** Resource hints React writes before a fragment (images it found worth preloading): they go in the head. */
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

/**
 * The part's markup once everything in it is ready (lazy pages included), in one piece: no boundary is left
 * for a script to fill in (the CSP allows none inline), however big it is.
 */
async function renderToString(node: ReactNode, errors: unknown[]): Promise<{ html: string; hints: string }> {
  const { prelude } = await prerenderToNodeStream(node, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const html = Buffer.concat(chunks).toString('utf8');
  const hints = LEADING_HINTS.exec(html)?.[0] ?? '';
  return { html: html.slice(hints.length), hints };
}

/** react-router's static router at the request's URL. */
function RequestRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useServerRender()?.url ?? '/'}>{children}</StaticRouter>;
}

/** An i18next instance of this request alone: another request's language can never leak into the page. */
function requestI18n(request: RenderRequest, ns: readonly string[]) {
  const { backend: _backend, ...options } = i18nOptions(request.language, ns as never);
  const instance = i18next.createInstance();
  void instance.init({
    ...options,
    ns: [...ns],
    resources: { [request.language]: request.resources },
    initAsync: false,
  });
  return instance;
}

/**
 * A micro-frontend's server entry: renders each of its parts for one request, waiting for lazy pages, into
 * the markup its container gets. The components are the browser's own, under the request's router, data,
 * language and site details.
 */
export function createServerEntry(options: { appName: string; parts: readonly ServerPart[] }): ServerEntry {
  return {
    async render(request) {
      const i18n = requestI18n(request, Object.keys(request.resources));
      const context: ServerRender = {
        url: request.url,
        language: request.language,
        site: request.site,
        reads: request.reads,
        missing: new Set(),
        head: {},
        Router: RequestRouter,
        sanitizeHtml: request.sanitizeHtml,
      };
      const errors: unknown[] = [];
      const parts: Record<string, string> = {};
      let hints = '';
      for (const part of options.parts) {
        if (part.server === false) continue;
        const id = part.containerId ?? `single-spa-application:${options.appName}`;
        const App: ComponentType = part.component ?? (await part.loadStatic());
        const rendered = await renderToString(
          <ServerRenderContext.Provider value={context}>
            <I18nextProvider i18n={i18n}>
              <App />
            </I18nextProvider>
          </ServerRenderContext.Provider>,
          errors,
        );
        parts[id] = rendered.html;
        hints += rendered.hints;
      }
      return { parts, head: context.head, missing: [...context.missing], errors, hints };
    },
  };
}
