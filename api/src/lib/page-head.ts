/**
 * What a public page's head tells search engines and link previews: its canonical URL, its alternates in each
 * language (hreflang), OpenGraph and Twitter card tags, and JSON-LD (the Organization on every page, a
 * BlogPosting on a post, a BreadcrumbList below the home page). Pure: the server gives it what the page was
 * rendered from. Every URL is absolute on the configured public origin (PUBLIC_ORIGIN), never a request's
 * Host header, because rendered pages are kept and shared.
 *
 * The URLs follow the sitemap's rules (lib/search-engines.ts): a page's URL without `lng` shows the visitor's
 * own language and is its x-default; `?lng=en` and `?lng=ar` are its languages. A post exists in one language
 * and has one URL; its translation (another post) is its alternate in the other language.
 */
import { LANGUAGES, type Language } from '@agency/core/language';
import type { SiteConfig } from '@agency/core/types';
import { escapeAttribute, scriptSafeJson } from './html';
import { postAlternates, routePath } from './search-engines';

/** The image a page without one of its own shows in a link preview: the app's large icon. */
export const DEFAULT_IMAGE_PATH = '/icons/icon-512.png';

/** OpenGraph wants a territory with the language. */
const OG_LOCALES: Readonly<Record<Language, string>> = { en: 'en_US', ar: 'ar_AR' };

/** The page at the head of every breadcrumb trail, and the list page above a post or a service. */
const PARENT_ROUTES: Readonly<Record<string, string>> = {
  'blog-post': 'blog',
  'service-detail': 'services',
  'portfolio-project': 'portfolio',
};

export interface PageHeadInput {
  origin: string;
  site: SiteConfig;
  language: Language;
  /** The matched public route; null on the 404 page. */
  route: { name: string; params: Readonly<Record<string, string>> } | null;
  /** The query of the address asked for: `lng` and the blog's `page` go into the canonical URL. */
  query: URLSearchParams;
  /** False: the page says its subject does not exist (HTTP 404). */
  found: boolean;
  /** The page's final title and description, as its `<title>` and meta description say. */
  title: string;
  description: string;
  /** The navigation's labels in the page's language (the shell's `nav`): the breadcrumbs' names. */
  labels: Readonly<Record<string, string>>;
  /** The post a post page shows (the API's answer). */
  post?: {
    title: string;
    slug: string;
    language: Language;
    poster_image_url: string | null;
    published_at: string;
    updated_at: string;
    /** Its translations the public may read (the API's public answer holds no others). */
    translations?: readonly { language: Language; slug: string }[];
  } | null;
  /** The service a service page shows, and the languages it is translated into. */
  service?: { name: string; languages: readonly Language[] } | null;
  /** The portfolio project a project page shows (one language, at its own URL, like a post). */
  project?: {
    title: string;
    slug: string;
    language: Language;
    /** Its SEO image, else its cover: a stored image's URL. */
    image: string;
    updated_at: string;
    translations?: readonly { language: Language; slug: string }[];
  } | null;
}

interface Link {
  hreflang: string;
  href: string;
}

/** The URL of a page, in a language or as its x-default (null), with the blog's page number when past 1. */
function urlOf(origin: string, path: string, language: Language | null, page: number): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (language) query.set('lng', language);
  const search = query.toString();
  return `${origin}${path}${search ? `?${search}` : ''}`;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Marks every tag this module writes: they are about the page rendered, and root-config drops them after a
 * navigation in the app (a phone's share sheet takes the canonical URL).
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" ${PAGE_HEAD_ATTRIBUTE}>`;

const jsonLd = (value: unknown) =>
  `<script type="application/ld+json" ${PAGE_HEAD_ATTRIBUTE}>${scriptSafeJson(JSON.stringify(value))}</script>`;

/** The tags, one per line, to go into the page's head. */
export function pageHeadTags(input: PageHeadInput): string {
  const { origin, site, language, route, query, found, title, description, labels, post, service, project } =
    input;
  const organizationId = `${origin}/#organization`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId,
    name: site.name,
    url: `${origin}/`,
    logo: `${origin}${DEFAULT_IMAGE_PATH}`,
    email: site.email,
    ...(site.phone ? { telephone: site.phone } : {}),
    // The address as the editor wrote it, in the page's language (schema.org takes a text for it).
    ...(site.address ? { address: site.address.replace(/\s*\n\s*/g, ', ') } : {}),
    sameAs: Object.values(site.social).filter((url) => /^https?:\/\//i.test(url)),
  };
  // A page that does not exist is kept out of the index, and says nothing else about itself.
  if (!found || !route) return [meta('name', 'robots', 'noindex'), jsonLd(organization)].join('\n    ');

  const path = routePath(route.name, route.params);
  const lng = query.get('lng');
  const asked = LANGUAGES.find((candidate) => candidate === lng) ?? null;
  const pageNumber = route.name === 'blog' || route.name === 'portfolio' ? Number(query.get('page') ?? 1) : 1;
  const page = Number.isSafeInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;

  let canonical: string;
  let alternates: Link[];
  if (route.name === 'blog-post' && post) {
    // One language, one URL: the post is its own alternate in its language, its translation the other's (the
    // set is the same on both posts, as hreflang wants). The default is the English one when there is one.
    canonical = urlOf(origin, path, null, 1);
    alternates = postAlternates(origin, [post, ...(post.translations ?? [])]);
  } else if (route.name === 'portfolio-project' && project) {
    canonical = urlOf(origin, path, null, 1);
    alternates = postAlternates(origin, [project, ...(project.translations ?? [])], route.name);
  } else {
    canonical = urlOf(origin, path, asked, page);
    const languages = service ? LANGUAGES.filter((l) => service.languages.includes(l)) : LANGUAGES;
    alternates = languages.map((l) => ({ hreflang: l, href: urlOf(origin, path, l, page) }));
    // The x-default shows any language: only for a page that exists in all of them.
    if (languages.length === LANGUAGES.length)
      alternates.push({ hreflang: 'x-default', href: urlOf(origin, path, null, page) });
  }

  const ownImage = post?.poster_image_url ?? project?.image ?? null;
  const image = ownImage ? absolute(origin, ownImage) : null;
  // A post or a project is in one language: its own.
  const single = post ?? project ?? null;
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(canonical)}" ${PAGE_HEAD_ATTRIBUTE}>`,
    ...alternates.map(
      (link) =>
        `<link rel="alternate" hreflang="${escapeAttribute(link.hreflang)}" href="${escapeAttribute(link.href)}" ${PAGE_HEAD_ATTRIBUTE}>`,
    ),
    meta('property', 'og:type', single ? 'article' : 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', OG_LOCALES[single?.language ?? language]),
    ...(single
      ? []
      : LANGUAGES.filter((l) => l !== language).map((l) =>
          meta('property', 'og:locale:alternate', OG_LOCALES[l]),
        )),
    meta('property', 'og:image', image ?? `${origin}${DEFAULT_IMAGE_PATH}`),
    ...(post
      ? [
          meta('property', 'article:published_time', post.published_at),
          meta('property', 'article:modified_time', post.updated_at),
        ]
      : project
        ? [meta('property', 'article:modified_time', project.updated_at)]
        : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image ?? `${origin}${DEFAULT_IMAGE_PATH}`),
    jsonLd(organization),
  ];

  if (post) {
    tags.push(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        ...(image ? { image: [image] } : {}),
        datePublished: post.published_at,
        dateModified: post.updated_at,
        inLanguage: post.language,
        url: canonical,
        mainEntityOfPage: canonical,
        publisher: { '@id': organizationId },
      }),
    );
  }

  if (route.name !== 'home') {
    // Links in the trail keep the language the address asked for, as the page's own links do.
    const crumbUrl = (name: string) => urlOf(origin, routePath(name), asked, 1);
    const parent = PARENT_ROUTES[route.name];
    const items = [
      { name: labels.home ?? site.name, item: crumbUrl('home') },
      ...(parent ? [{ name: labels[parent] ?? parent, item: crumbUrl(parent) }] : []),
      {
        name: post?.title ?? project?.title ?? service?.name ?? labels[route.name] ?? title,
        item: canonical,
      },
    ];
    tags.push(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: items.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
      }),
    );
  }
  return tags.join('\n    ');
}
