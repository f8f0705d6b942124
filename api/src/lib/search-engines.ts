/**
 * What search engines and feed readers read: robots.txt, the sitemap and an RSS 2.0 feed per language, as
 * text built from data. Pure functions; `routes/search-engines` serves them. Every URL is absolute and starts
 * with the configured public origin (PUBLIC_ORIGIN), never with a request's Host header: these answers are
 * kept in memory and shared, so one caller's Host would otherwise reach everyone.
 *
 * Languages in URLs: a page's language is chosen by `?lng=en|ar`. The URL without `lng` shows the visitor's
 * own language (stored choice, then the browser's) and is the page's `x-default`; `?lng=en` and `?lng=ar` are
 * its English and Arabic alternates. A post exists in one language only: it has its URL `/blog/{slug}`, and
 * its alternates are itself and its published translation (another post, in the other language), if any.
 */
import { LANGUAGES, type Language } from '@agency/core/language';
import { ROUTES, type RouteDef } from '@agency/core/routes';

export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const XML_TYPE = 'application/xml; charset=utf-8';
export const RSS_TYPE = 'application/rss+xml; charset=utf-8';

export const SITEMAP_PATH = '/sitemap.xml';
export const FEED_PATH = '/feed.xml';
/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20;

/**
 * The blog's title and lead in each language: mf-blog's `list.title` and `list.lead` (blog.json). The server
 * cannot read the micro-frontend's translations before it is built; a test keeps these equal to them.
 */
export const BLOG_TEXTS: Readonly<Record<Language, { title: string; lead: string }>> = {
  en: { title: 'Blog', lead: 'Ideas, guides and news from our team.' },
  ar: { title: 'المدونة', lead: 'أفكار وأدلة وأخبار من فريقنا.' },
};

const EDITOR_APP: RouteDef['app'] = '@agency/mf-admin';

/** The public routes of the site: every route but the editor screens. */
export const PUBLIC_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.app !== EDITOR_APP);

/** Public routes with a parameter, and what fills it (a test fails when a new one is not listed here). */
export const FILLED_ROUTES = {
  service: 'service-detail',
  post: 'blog-post',
  project: 'portfolio-project',
} as const;

/** The path of a route with its parameters filled in, each one percent-encoded as a path segment. */
export function routePath(name: string, params: Readonly<Record<string, string>> = {}): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route named ${name}`);
  return route.pattern.replace(/:([A-Za-z]+)/g, (_match, param: string) => {
    const value = params[param];
    if (value === undefined) throw new Error(`route ${name} needs ${param}`);
    return encodeURIComponent(value);
  });
}

/** A page's URL in a language, or its x-default URL (the visitor's language) for null. */
export function pageUrl(origin: string, path: string, language: Language | null): string {
  return language === null ? `${origin}${path}` : `${origin}${path}?lng=${language}`;
}

/**
 * A post's hreflang set, the same on each of its versions (the post and its translations, each at its own URL):
 * one link per language, English first, and the English one (else the first) as the x-default.
 */
export function postAlternates(
  origin: string,
  versions: readonly { language: Language; slug: string }[],
  route: string = FILLED_ROUTES.post,
): { hreflang: string; href: string }[] {
  const links = [...versions]
    .sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language))
    .map(({ language, slug }) => ({
      hreflang: language as string,
      href: pageUrl(origin, routePath(route, { slug }), null),
    }));
  const first = links[0];
  return first ? [...links, { hreflang: 'x-default', href: first.href }] : [];
}

export function feedUrl(origin: string, language: Language): string {
  return pageUrl(origin, FEED_PATH, language);
}

/** The feed's title, as the blog page titles itself: "Blog | Agency". */
export function feedTitle(language: Language, siteName: string): string {
  return `${BLOG_TEXTS[language].title} | ${siteName}`;
}

export interface FeedLink {
  language: Language;
  title: string;
  href: string;
}

/** The feeds a page advertises in its head, one per language. */
export function feedLinks(origin: string, siteName: string): FeedLink[] {
  return LANGUAGES.map((language) => ({
    language,
    title: feedTitle(language, siteName),
    href: feedUrl(origin, language),
  }));
}

/**
 * Characters XML 1.0 does not allow at all, not even escaped: C0 controls but tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF. A title holding one would make the whole document unreadable.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value for XML: the five special characters escaped, forbidden characters dropped. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** RFC 822 date-time as RSS wants it (with a four-digit year): `Fri, 02 Jan 2026 09:30:00 GMT`. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** Lines of robots.txt: the public site allowed, the editor screens and the API not, the sitemap named. */
export function robotsTxt(origin: string): string {
  const editorPrefixes = new Set(
    ROUTES.filter((route) => route.app === EDITOR_APP).map(
      // `/edit_blog/:slug` becomes `/edit_blog/`, `/site/:screen` `/site/`: robots.txt rules match by prefix.
      (route) => route.pattern.split(':')[0] as string,
    ),
  );
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    // Shared previews of posts not yet public (`/preview/{token}`).
    'Disallow: /preview/',
    ...[...editorPrefixes].map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

export interface SitemapService {
  /** Its page's current address (`/services/{slug}`). */
  slug: string;
  /** The languages it is translated into: its page exists only in those. */
  languages: readonly Language[];
}

export interface SitemapPost {
  slug: string;
  language: Language;
  updatedAt: Date;
  publishedAt: Date;
  /** Posts that translate each other share it (null: no translation). */
  translationGroup: number | null;
}

interface SitemapUrl {
  loc: string;
  lastmod?: Date;
  alternates: readonly { hreflang: string; href: string }[];
}

/** When a post last changed for a reader: its last edit, or its publication when that came later. */
function changedAt(post: SitemapPost): Date {
  return new Date(Math.max(post.publishedAt.getTime(), post.updatedAt.getTime()));
}

function latest(dates: Iterable<Date>): Date | undefined {
  let last: Date | undefined;
  for (const date of dates) if (!last || date > last) last = date;
  return last;
}

/**
 * A page's entries: in every language, its x-default URL and one URL per language, each naming all of them
 * as alternates (hreflang wants the set on every member, itself included). A page that exists in some
 * languages only (a service not translated yet) lists just those, without an x-default that could show a
 * missing language.
 */
function pageEntries(
  origin: string,
  path: string,
  languages: readonly Language[],
  lastmod: (language: Language | null) => Date | undefined = () => undefined,
): SitemapUrl[] {
  const present = LANGUAGES.filter((language) => languages.includes(language));
  if (present.length < LANGUAGES.length) {
    return present.map((language) => ({
      loc: pageUrl(origin, path, language),
      lastmod: lastmod(language),
      alternates: [],
    }));
  }
  const alternates = [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: pageUrl(origin, path, language) })),
    { hreflang: 'x-default', href: pageUrl(origin, path, null) },
  ];
  return [null, ...LANGUAGES].map((language) => ({
    loc: pageUrl(origin, path, language),
    lastmod: lastmod(language),
    alternates,
  }));
}

/** A portfolio project the public sees: in one language at its own URL, like a post. */
export interface SitemapProject {
  slug: string;
  language: Language;
  updatedAt: Date;
  translationGroup: number | null;
}

/** Entries of pages that exist in one language each (posts, projects), with their translations as alternates. */
function versionEntries(
  origin: string,
  route: string,
  pages: readonly { slug: string; language: Language; translationGroup: number | null }[],
  lastmod: (index: number) => Date,
): SitemapUrl[] {
  // A page and its translations list the same set, themselves included; a page alone lists none.
  const groups = new Map<number, (typeof pages)[number][]>();
  for (const page of pages) {
    if (page.translationGroup === null) continue;
    groups.set(page.translationGroup, [...(groups.get(page.translationGroup) ?? []), page]);
  }
  return pages.map((page, i) => {
    const versions = page.translationGroup === null ? [] : (groups.get(page.translationGroup) ?? []);
    return {
      loc: pageUrl(origin, routePath(route, { slug: page.slug }), null),
      lastmod: lastmod(i),
      alternates: versions.length < 2 ? [] : postAlternates(origin, versions, route),
    };
  });
}

/**
 * The sitemap: every public page of the route table (service pages for each service given) in both
 * languages, every post given (published ones, newest first) and every visible portfolio project, up to the
 * protocol's 50,000 URLs. The blog's list page carries the time its newest post changed; other pages have no
 * date to give.
 */
export function sitemapXml(
  origin: string,
  services: readonly SitemapService[],
  posts: readonly SitemapPost[],
  projects: readonly SitemapProject[] = [],
) {
  const urls: SitemapUrl[] = [];
  for (const route of PUBLIC_ROUTES) {
    if (route.name === FILLED_ROUTES.service) {
      for (const service of services) {
        urls.push(
          ...pageEntries(origin, routePath(route.name, { serviceType: service.slug }), service.languages),
        );
      }
    } else if (route.name === FILLED_ROUTES.post) {
      urls.push(...versionEntries(origin, route.name, posts, (i) => changedAt(posts[i] as SitemapPost)));
    } else if (route.name === FILLED_ROUTES.project) {
      urls.push(
        ...versionEntries(origin, route.name, projects, (i) => (projects[i] as SitemapProject).updatedAt),
      );
    } else if (route.pattern.includes(':')) {
      throw new Error(`the sitemap does not know how to fill route ${route.name}`);
    } else if (route.name === 'blog') {
      urls.push(
        ...pageEntries(origin, route.pattern, LANGUAGES, (language) =>
          latest(posts.filter((p) => language === null || p.language === language).map(changedAt)),
        ),
      );
    } else {
      urls.push(...pageEntries(origin, route.pattern, LANGUAGES));
    }
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const url of urls.slice(0, SITEMAP_MAX_URLS)) {
    lines.push('  <url>', `    <loc>${escapeXml(url.loc)}</loc>`);
    if (url.lastmod) lines.push(`    <lastmod>${url.lastmod.toISOString()}</lastmod>`);
    for (const alternate of url.alternates) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      );
    }
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

export interface FeedPost {
  slug: string;
  title: string;
  description: string;
  publishedAt: Date;
}

/**
 * An RSS 2.0 feed of one language's posts (the caller gives the newest, newest first): each with its title,
 * absolute link, the same link as a permalink guid, the publication date (RFC 822) and the description as
 * plain text. Everything is escaped; no HTML goes in.
 */
export function rssXml(
  origin: string,
  siteName: string,
  language: Language,
  posts: readonly FeedPost[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feedTitle(language, siteName))}</title>`,
    `    <link>${escapeXml(pageUrl(origin, routePath('blog'), language))}</link>`,
    `    <description>${escapeXml(BLOG_TEXTS[language].lead)}</description>`,
    `    <language>${language}</language>`,
    `    <atom:link href="${escapeXml(feedUrl(origin, language))}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const post of posts) {
    const link = escapeXml(pageUrl(origin, routePath(FILLED_ROUTES.post, { slug: post.slug }), null));
    lines.push(
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(post.publishedAt)}</pubDate>`,
      `      <description>${escapeXml(post.description)}</description>`,
      '    </item>',
    );
  }
  lines.push('  </channel>', '</rss>', '');
  return lines.join('\n');
}
