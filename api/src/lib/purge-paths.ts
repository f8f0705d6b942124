import { CLIENT_LOGO_KIND, FAQ_KIND, HOME_KIND, PORTFOLIO_KIND, PRICING_KIND } from '@agency/core/content';
import { LANGUAGES } from '@agency/core/language';
import { SETTINGS_KIND } from '@agency/core/settings';
import { ALL, cacheTags } from '../plugins/read-cache';
import { contentTag } from './content';
import { FEED_PATH, SITEMAP_PATH } from './search-engines';

/**
 * Which public URLs a write may have changed, from the read-cache tags it invalidated: what a CDN or caching
 * proxy in front of the site is told to forget (PURGE_URL, plugins/purge.ts). Pages are named at their language
 * URLs (`/blog?lng=en`, `/blog?lng=ar`), the only ones a shared cache keeps; other spellings of a page (a list's
 * `?page=2`, a search) are not named and last their s-maxage.
 *
 * What each page reads is core/src/page-reads.ts (PAGE_READS and SHELL_READS); every page also shows the
 * site's settings (top bar, footer, JSON-LD) and the services (the footer).
 */

/** The pages at a fixed path: the ones every site-wide change touches. */
export const FIXED_PAGES = [
  '/',
  '/about',
  '/pricing',
  '/services',
  '/portfolio',
  '/contact',
  '/privacy',
  '/terms',
  '/blog',
] as const;

/** Pages whose paths name an item, known only by asking the database (plugins/purge.ts does, when needed). */
export interface KnownItems {
  /** The services' current slugs (every language's). */
  services?: readonly string[];
  /** The visible projects' slugs. */
  projects?: readonly string[];
}

const POST_PREFIX = 'post:';
const POST_LIST_PREFIX = 'posts:list:';

const SERVICES = cacheTags.services;
const SETTINGS = contentTag(SETTINGS_KIND);
const PORTFOLIO = contentTag(PORTFOLIO_KIND);

/** The pages each editable kind's tag changes, beyond the site-wide ones handled below. */
const PAGES_OF_KIND: Readonly<Record<string, readonly string[]>> = {
  // The FAQ is the last part of the services page.
  [contentTag(FAQ_KIND)]: ['/services'],
  // Plans show on the home page, /pricing, /services and /contact's plan choice.
  [contentTag(PRICING_KIND)]: ['/', '/pricing', '/services', '/contact'],
  // The home page's texts, its client logos and its portfolio teaser.
  [contentTag(HOME_KIND)]: ['/'],
  [contentTag(CLIENT_LOGO_KIND)]: ['/'],
  [PORTFOLIO]: ['/', '/portfolio'],
};

/** What a set of tags asks of the database before its paths can be named: the services' or projects' slugs. */
export function itemsNeeded(tags: Iterable<string>): { services: boolean; projects: boolean } {
  const needed = { services: false, projects: false };
  for (const tag of tags) {
    const everything = tag === ALL || tag === SETTINGS || isUnknown(tag);
    if (everything || tag === SERVICES) needed.services = true;
    if (everything || tag === PORTFOLIO) needed.projects = true;
  }
  return needed;
}

function isUnknown(tag: string): boolean {
  return (
    tag !== ALL &&
    tag !== SERVICES &&
    tag !== SETTINGS &&
    !(tag in PAGES_OF_KIND) &&
    !tag.startsWith(POST_PREFIX) &&
    !tag.startsWith(POST_LIST_PREFIX)
  );
}

/** A page's path with an item's slug, percent-encoded as links write it (an Arabic slug included). */
const itemPath = (prefix: string, slug: string) => `${prefix}/${encodeURIComponent(slug)}`;

/**
 * The URLs to purge for a write's tags, each once, in a stable order: every page at each language URL, the
 * sitemap and the feeds as they are served. A tag it does not know purges everything it can name.
 */
export function purgePaths(tags: Iterable<string>, known: KnownItems = {}): string[] {
  const pages = new Set<string>();
  const others = new Set<string>();
  const feeds = () => {
    for (const language of LANGUAGES) others.add(`${FEED_PATH}?lng=${language}`);
  };
  const siteWide = () => {
    for (const page of FIXED_PAGES) pages.add(page);
    for (const slug of known.services ?? []) pages.add(itemPath('/services', slug));
  };
  for (const tag of tags) {
    if (tag.startsWith(POST_PREFIX)) {
      pages.add(itemPath('/blog', tag.slice(POST_PREFIX.length)));
    } else if (tag.startsWith(POST_LIST_PREFIX)) {
      // The lists of one language (or of all): the blog, the home page's newest posts, the feeds; the sitemap
      // lists every language's posts.
      pages.add('/blog');
      pages.add('/');
      feeds();
      if (tag === cacheTags.postList(undefined)) others.add(SITEMAP_PATH);
    } else if (tag === SERVICES) {
      // Every page's footer lists the services; each has its page, and the sitemap names them.
      siteWide();
      others.add(SITEMAP_PATH);
    } else if (tag === SETTINGS) {
      // The agency's name, address and links are on every page, and the feeds' titles.
      siteWide();
      for (const slug of known.projects ?? []) pages.add(itemPath('/portfolio', slug));
      feeds();
    } else if (tag === PORTFOLIO) {
      for (const page of PAGES_OF_KIND[tag] ?? []) pages.add(page);
      for (const slug of known.projects ?? []) pages.add(itemPath('/portfolio', slug));
      others.add(SITEMAP_PATH);
    } else if (tag in PAGES_OF_KIND) {
      for (const page of PAGES_OF_KIND[tag] ?? []) pages.add(page);
    } else {
      // `*` (a table emptied at once) or a tag added later without its pages here: all that can be named.
      siteWide();
      for (const slug of known.projects ?? []) pages.add(itemPath('/portfolio', slug));
      feeds();
      others.add(SITEMAP_PATH);
    }
  }
  const urls: string[] = [];
  for (const page of pages) for (const language of LANGUAGES) urls.push(`${page}?lng=${language}`);
  return [...urls, ...others];
}
