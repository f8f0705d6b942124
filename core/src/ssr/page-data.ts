import { portfolioCategory } from '../content/portfolio-address';
import type { Language } from '../i18n/constants';
import { isLanguage, LANGUAGE_QUERY_PARAM } from '../i18n/language';
import { blogPage } from '../page-constants';
import { matchRoute } from '../routes';
import { type ReadAnswer, readKey } from './reads';

/** The id of the JSON data block the server writes into a page it rendered. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
export { readKey } from './reads';

/**
 * What the server rendered the page with: its URL and language, the answers of the route's reads, and the
 * translations the page's micro-frontends use in that language. A `<script type="application/json">` block,
 * which never runs (the CSP stays without inline scripts).
 */
export interface PageData {
  url: string;
  language: Language;
  reads: Record<string, ReadAnswer>;
  /** Namespace -> translations, in `language`. */
  resources: Record<string, Record<string, unknown>>;
}

/**
 * The address of what a page shows, written one way: its path, then the portfolio's `category` (one it has),
 * then the blog's or the portfolio's `page` when past the first (blogPage: `page=02` is 2; `0`, `-1`, `abc`,
 * `1.5` are the first page; the blog's search `q` before it, trimmed), then `lng` when it names one of our
 * languages exactly (a link that chooses the language; anything else leaves the choice to the visitor's cookie
 * and browser, as no `lng` does). Every other query parameter (a campaign's `utm_source`), their order, and
 * `page` on a page that has no pages change nothing a page shows. The server renders and keeps a page under this
 * address, so the endless spellings of one page are one page; the browser compares it with its own address to
 * know whether the server's markup is for the page it is at.
 */
export function pageAddress(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const search = end !== -1 && url[end] === '?' ? url.slice(end + 1).split('#')[0] : '';
  const query = new URLSearchParams(search);
  const canonical = new URLSearchParams();
  const route = matchRoute(path)?.route.name;
  // The portfolio's list is filtered by category too (an unknown one is every project).
  const category = route === 'portfolio' ? portfolioCategory(query.get('category')) : null;
  if (category) canonical.set('category', category);
  // The blog's search (any text: a search's page is rendered for it, never kept, see api/src/lib/public-reads.ts).
  const searched = route === 'blog' ? query.get('q')?.trim() : undefined;
  if (searched) canonical.set('q', searched);
  const page = route === 'blog' || route === 'portfolio' ? blogPage(query.get('page')) : 1;
  if (page > 1) canonical.set('page', String(page));
  const language = query.get(LANGUAGE_QUERY_PARAM);
  if (isLanguage(language)) canonical.set(LANGUAGE_QUERY_PARAM, language);
  const written = canonical.toString();
  return written ? `${path}?${written}` : path;
}

let parsed: PageData | null | undefined;
let left = false;

function here(): string {
  const location = globalThis.location;
  return location ? pageAddress(`${location.pathname}${location.search}`) : '';
}

function parse(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PageData> | null;
    if (
      !value ||
      typeof value.url !== 'string' ||
      !isLanguage(value.language) ||
      !value.reads ||
      typeof value.reads !== 'object' ||
      !value.resources ||
      typeof value.resources !== 'object'
    ) {
      return null;
    }
    return value as PageData;
  } catch {
    return null;
  }
}

/**
 * The data the server rendered this page with, while the page is still at the address it was rendered for.
 * Once the visitor has moved to another address it is gone for good: coming back later reads afresh, so
 * nothing shown after a navigation is older than that navigation. Null for a page the server did not render
 * (an editor screen, the offline page, the dev server).
 */
export function pageData(doc: Document | undefined = globalThis.document): PageData | null {
  if (parsed === undefined) {
    parsed = doc ? parse(doc) : null;
    globalThis.addEventListener?.('popstate', () => {
      if (parsed && here() !== pageAddress(parsed.url)) left = true;
    });
  }
  if (!parsed || left) return null;
  if (here() !== pageAddress(parsed.url)) {
    left = true;
    return null;
  }
  return parsed;
}

/** The answer the server embedded for this API URL, if the page is still the one it rendered. */
export function initialRead(url: string): ReadAnswer | undefined {
  const data = pageData();
  if (!data) return undefined;
  const key = readKey(url);
  return Object.hasOwn(data.reads, key) ? data.reads[key] : undefined;
}
