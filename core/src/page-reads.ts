import { apiUrl } from './api-client/api-url';
import type { Language } from './i18n/constants';
import { blogPage, POSTS_PER_PAGE, TEASER_REQUEST_SIZE } from './page-constants';

/** What a page is, for deciding what it reads: its parameters, its query and its language. */
export interface PageRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  language: Language;
}

/** The reads of each page, written as the micro-frontends write them (apiUrl), so the keys agree. */
const reads = {
  services: ({ language }: PageRequest) => [apiUrl('/services', { language })],
  faq: ({ language }: PageRequest) => [apiUrl('/faq', { language })],
  home: ({ language }: PageRequest) => [apiUrl('/home', { language })],
  service: ({ language, params }: PageRequest) => [
    apiUrl(`/services/${encodeURIComponent(params.serviceType ?? '')}`, { language }),
  ],
  latestPosts: ({ language }: PageRequest) => [
    apiUrl('/posts', { language, per_page: String(TEASER_REQUEST_SIZE) }),
  ],
  postsPage: ({ language, query }: PageRequest) => [
    apiUrl('/posts', { language, per_page: POSTS_PER_PAGE, page: blogPage(query.get('page')) }),
  ],
  post: ({ language, params }: PageRequest) => [
    apiUrl(`/posts/${encodeURIComponent(params.slug ?? '')}`, { language }),
  ],
  none: () => [],
} as const;

/**
 * The public pages the server renders (by their name in the route table, routes.ts), each with the API reads its first render shows (besides the shell's,
 * SHELL_READS), as `/api/...` URLs. The server answers them in process and sends them with the page, and the
 * browser's first render uses them. A route not listed here (an editor screen) is rendered in the browser only.
 */
export const PAGE_READS: Readonly<Record<string, (page: PageRequest) => string[]>> = {
  // The home page's texts and client logos (GET /api/home), its services and its newest posts.
  home: (page) => [...reads.home(page), ...reads.services(page), ...reads.latestPosts(page)],
  about: reads.none,
  pricing: reads.none,
  // The FAQ is the last part of the services page.
  services: (page) => [...reads.services(page), ...reads.faq(page)],
  'service-detail': reads.service,
  portfolio: reads.none,
  contact: reads.services,
  privacy: reads.none,
  terms: reads.none,
  blog: reads.postsPage,
  'blog-post': reads.post,
};

/** What the shell reads on every page: the footer's services. */
export const SHELL_READS = reads.services;
