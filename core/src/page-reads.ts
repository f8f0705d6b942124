import { apiUrl } from './api-client/api-url';
import { portfolioCategory, portfolioPage } from './content/portfolio-address';
import type { Language } from './i18n/constants';
import { blogPage, blogQuery, POSTS_PER_PAGE, TEASER_REQUEST_SIZE } from './page-constants';

/** What a page is, for deciding what it reads: its parameters, its query and its language. */
export interface PageRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  language: Language;
}

/**
 * The portfolio's list as /portfolio?category=&page= reads it: an unknown category is every project, an odd
 * page number the first (mf-marketing's page asks the same URL).
 */
export function portfolioListUrl(language: Language, query: URLSearchParams): string {
  return apiUrl('/portfolio', {
    language,
    category: portfolioCategory(query.get('category')),
    page: portfolioPage(query.get('page')),
  });
}

/** The reads of each page, written as the micro-frontends write them (apiUrl), so the keys agree. */
const reads = {
  services: ({ language }: PageRequest) => [apiUrl('/services', { language })],
  faq: ({ language }: PageRequest) => [apiUrl('/faq', { language })],
  pricing: ({ language }: PageRequest) => [apiUrl('/pricing', { language })],
  home: ({ language }: PageRequest) => [apiUrl('/home', { language })],
  service: ({ language, params }: PageRequest) => [
    apiUrl(`/services/${encodeURIComponent(params.serviceType ?? '')}`, { language }),
  ],
  latestPosts: ({ language }: PageRequest) => [
    apiUrl('/posts', { language, per_page: String(TEASER_REQUEST_SIZE) }),
  ],
  postsPage: ({ language, query }: PageRequest) => [
    apiUrl('/posts', {
      language,
      per_page: POSTS_PER_PAGE,
      page: blogPage(query.get('page')),
      q: blogQuery(query.get('q')),
    }),
  ],
  post: ({ language, params }: PageRequest) => [
    apiUrl(`/posts/${encodeURIComponent(params.slug ?? '')}`, { language }),
  ],
  portfolio: ({ language, query }: PageRequest) => [portfolioListUrl(language, query)],
  project: ({ language, params }: PageRequest) => [
    apiUrl(`/portfolio/${encodeURIComponent(params.slug ?? '')}`, { language }),
  ],
  none: () => [],
} as const;

/**
 * The public pages the server renders (by their name in the route table, routes.ts), each with the API reads its first render shows (besides the shell's,
 * SHELL_READS), as `/api/...` URLs. The server answers them in process and sends them with the page, and the
 * browser's first render uses them. A route not listed here (an editor screen) is rendered in the browser only.
 */
export const PAGE_READS: Readonly<Record<string, (page: PageRequest) => string[]>> = {
  // The home page's texts and client logos (GET /api/home), its services, its newest posts and its plans.
  home: (page) => [
    ...reads.home(page),
    ...reads.services(page),
    ...reads.latestPosts(page),
    ...reads.pricing(page),
  ],
  about: reads.none,
  pricing: reads.pricing,
  // The FAQ is the last part of the services page.
  services: (page) => [...reads.services(page), ...reads.faq(page), ...reads.pricing(page)],
  'service-detail': reads.service,
  portfolio: reads.portfolio,
  'portfolio-project': reads.project,
  contact: (page) => [...reads.services(page), ...reads.pricing(page)],
  privacy: reads.none,
  terms: reads.none,
  blog: reads.postsPage,
  'blog-post': reads.post,
};

/** What the shell reads on every page: the footer's services. */
export const SHELL_READS = reads.services;
