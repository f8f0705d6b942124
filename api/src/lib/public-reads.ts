import {
  CLIENT_LOGO_KIND,
  FAQ_KIND,
  HOME_KIND,
  HOME_PROJECTS,
  PORTFOLIO_KIND,
  PRICING_KIND,
} from '@agency/core/content';
import type { Language } from '@agency/core/language';
import {
  highlightRanges,
  type PostState,
  searchExcerpt,
  searchQueryProblem,
  searchTerms,
  truncate,
} from '@agency/core/rules';
import { SETTINGS_KIND } from '@agency/core/settings';
import type { FastifyInstance } from 'fastify';
import { FieldsError } from '../errors';
import { toPostJson, toPostSummaryJson, type Visibility } from '../plugins/posts-repository';
import { type CachedRead, cacheTags } from '../plugins/read-cache';
import { contentTag } from './content';
import { paginate } from './pagination';

export const POST_NOT_FOUND = 'Blog post not found';
export const POST_MOVED = 'Blog post moved';
export const SERVICE_NOT_FOUND = 'Service not found';
export const SERVICE_MOVED = 'Service moved';
export const PROJECT_NOT_FOUND = 'Project not found';

/**
 * `GET /api/posts/{slug}`'s answer as a cached read. The page at `/blog/{slug}` asks the same read whether the
 * post exists, so both agree and share one entry in memory.
 */
export function postRead(app: FastifyInstance, slug: string, visibility: Visibility): CachedRead {
  return {
    key: `post:${slug}`,
    tags: [cacheTags.post(slug)],
    load: async () => {
      // A post found stays found until a write (misses are not kept, see plugins/read-cache.ts).
      const post = await app.postsRepository.findBySlug(slug, visibility);
      if (!post) {
        // A slug the post had before it was renamed: its readers are sent on (301, never kept in memory).
        const current = await app.postsRepository.movedTo(slug, visibility);
        if (current === null) return { status: 404, body: { message: POST_NOT_FOUND } };
        return { status: 301, body: { message: POST_MOVED, slug: current }, movedTo: current };
      }
      // Its translations are part of it: a write to one of them announces this post too (migration 0004), and
      // a translation dated in the future ends this answer's life when its date comes.
      const { byPost, changesAt } = await app.postsRepository.translations([post], visibility);
      return {
        status: 200,
        body: toPostJson(post, byPost.get(post.id) ?? [], app.siteTime),
        expiresAt: changesAt,
      };
    },
  };
}

/**
 * `GET /api/services/{slug}?language=`'s answer as a cached read, also asked by the page `/services/{slug}`.
 * An address the service had before an editor changed it answers 301 with the current one (not kept).
 */
export function serviceRead(app: FastifyInstance, slug: string, language: Language): CachedRead {
  return {
    key: `service:${language}:${slug}`,
    tags: [cacheTags.services],
    load: async () => {
      const service = await app.servicesRepository.findBySlug(slug, language);
      if (service) return { status: 200, body: { data: service } };
      const current = await app.servicesRepository.movedTo(slug, true);
      if (current === null) return { status: 404, body: { message: SERVICE_NOT_FOUND } };
      return { status: 301, body: { message: SERVICE_MOVED, slug: current }, movedTo: current };
    },
  };
}

export interface ListQuery {
  language?: Language;
  page: number;
  per_page: number;
  /** An editor's filter (the public's list ignores it): only posts with no translation. */
  translation?: 'missing';
  /**
   * A search (the public's and an editor's): only posts holding its words in their title, description or
   * content, ranked, each with an excerpt and the words to highlight.
   */
  q?: string;
  /** An editor's filter (the public's list ignores it): only drafts, scheduled or published posts. */
  status?: PostState;
}

/** The link to another page of the same list, relative to the site, with the query the client sent. */
function pageUrl(query: ListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.language) params.set('language', query.language);
  if (query.translation) params.set('translation', query.translation);
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  params.set('per_page', String(query.per_page));
  params.set('page', String(page));
  return `/api/posts?${params}`;
}

/** Characters of the description a search result shows when its match is in the title only. */
const EXCERPT_FALLBACK_LENGTH = 200;

/**
 * The search query of a list (`q`, trimmed; undefined when there is none), or a 422 FieldsError keyed by its
 * problem (`search_too_long`, `search_character_invalid`).
 */
export function searchQueryOf(query: Pick<ListQuery, 'q'>): string | undefined {
  if (query.q === undefined) return undefined;
  const problem = searchQueryProblem(query.q);
  if (problem) throw new FieldsError(problem, { q: [problem] });
  return query.q.trim() || undefined;
}

/**
 * `GET /api/posts`'s answer as a cached read (one page of the list, in one language or all), also asked by
 * the pages that show the list (`/blog`, the home page's teaser). `nextPublication` is the server's
 * publication clock: the answer stops being true when a scheduled post comes out. A search (`q`) is answered
 * but never kept: its queries are endless, and keeping them would let anyone push the real answers out (the
 * page that shows it is not kept either, see lib/page-render.ts).
 */
export function postListRead(
  app: FastifyInstance,
  query: ListQuery,
  visibility: Visibility,
  nextPublication: () => Promise<number | undefined>,
): CachedRead {
  const { language, page, per_page: perPage } = query;
  // The public's list has no such filters (an editor's list is never kept, so the key need not name them).
  const missingTranslation = visibility === 'editor' && query.translation === 'missing';
  const q = searchQueryOf(query);
  const search = q === undefined ? undefined : searchTerms(q);
  const state = visibility === 'editor' ? query.status : undefined;
  const listed = {
    ...query,
    translation: missingTranslation ? query.translation : undefined,
    q,
    status: state,
  };
  return {
    key:
      q === undefined
        ? `posts:${language ?? '*'}:${page}:${perPage}`
        : `posts-search:${language ?? '*'}:${page}:${perPage}:${q}`,
    tags: [cacheTags.postList(language)],
    load: async () => {
      // Asked before the list is read: a post that appears in between then ends this answer's life at once.
      const expiresAt = visibility === 'editor' ? undefined : await nextPublication();
      const { items, total } = await app.postsRepository.list({
        language,
        page,
        perPage,
        visibility,
        missingTranslation,
        search,
        state,
      });
      const found = search
        ? await app.postsRepository.searchMatches(
            items.map((item) => item.id),
            search,
            language ? [language] : [...new Set(items.map((item) => item.language))],
          )
        : null;
      /**
       * A search's result: the passage around its first match, the words searched by, and where the words
       * found are in the title and the passage (core's highlightRanges), for the page to mark.
       */
      const matchOf = (item: (typeof items)[number]) => {
        if (!found) return {};
        const terms = found.lexemes;
        const text = found.byPost.get(item.id)?.text ?? '';
        const excerpt =
          searchExcerpt(text, terms) ??
          searchExcerpt(item.description, terms) ??
          truncate(item.description, EXCERPT_FALLBACK_LENGTH);
        return {
          excerpt,
          terms,
          marks: { title: highlightRanges(item.title, terms), excerpt: highlightRanges(excerpt, terms) },
        };
      };
      // An editor's list says which posts have a translation (the posts manager); a card needs none.
      const linked =
        visibility === 'editor' ? (await app.postsRepository.translations(items, 'editor')).byPost : null;
      const body = {
        data: paginate({
          // An editor's list also says whose each post is: an author edits only their own.
          items: items.map((item) =>
            linked
              ? {
                  ...toPostSummaryJson(item, app.siteTime, linked.get(item.id) ?? []),
                  author_id: item.authorId,
                  ...matchOf(item),
                }
              : { ...toPostSummaryJson(item, app.siteTime), ...matchOf(item) },
          ),
          total,
          page,
          perPage,
          urlFor: (n) => pageUrl(listed, n),
        }),
      };
      // Pages past the end are endless (any page number), and so are searches: answered, not kept.
      return { status: 200, body, expiresAt, keep: q === undefined && !pastTheLastPage(body) };
    },
  };
}

/**
 * Whether a list's answer (`{ data: { current_page, last_page } }`) is a page past its last: the API answers it
 * with no items, as Laravel does, but keeps nothing of it, and the page that would show it says it does not
 * exist (HTTP 404). An empty list still has its first page.
 */
export function pastTheLastPage(body: unknown): boolean {
  const list = (body as { data?: { current_page?: unknown; last_page?: unknown } } | null)?.data;
  return (
    typeof list?.current_page === 'number' &&
    typeof list.last_page === 'number' &&
    list.current_page > Math.max(1, list.last_page)
  );
}

/** `GET /api/services?language=`'s answer as a cached read, also asked by every page (the footer). */
export function servicesRead(app: FastifyInstance, language: Language): CachedRead {
  return {
    key: `services:${language}`,
    tags: [cacheTags.services],
    load: async () => ({
      status: 200,
      body: { data: { data: await app.servicesRepository.list(language) } },
    }),
  };
}

/**
 * Where a renamed post's or service's old address sends its reader: `prefix` and the current slug
 * (percent-encoded, an Arabic slug included), with the query of the address asked (`url`, as the request names
 * it).
 */
export function movedLocation(prefix: string, slug: string, url: string): string {
  const query = url.indexOf('?');
  return `${prefix}${encodeURIComponent(slug)}${query === -1 ? '' : url.slice(query)}`;
}

/** `GET /api/faq?language=`'s answer as a cached read, also asked by the page that shows the FAQ (/services). */
export function faqRead(app: FastifyInstance, language: Language): CachedRead {
  return {
    key: `faq:${language}`,
    tags: [contentTag(FAQ_KIND)],
    load: async () => ({ status: 200, body: { data: await app.faqRepository.publicFaq(language) } }),
  };
}

/**
 * `GET /api/pricing?language=`'s answer as a cached read, also asked by the pages that show plans (home,
 * /pricing, /contact's plan choice).
 */
export function pricingRead(app: FastifyInstance, language: Language): CachedRead {
  return {
    key: `pricing:${language}`,
    tags: [contentTag(PRICING_KIND)],
    load: async () => ({
      status: 200,
      body: { data: await app.pricingRepository.publicPricing(language) },
    }),
  };
}

/**
 * `GET /api/settings?language=`'s answer as a cached read, also asked by every page the server renders (the
 * top bar, the footer, the contact page and the JSON-LD show the settings).
 */
export function settingsRead(app: FastifyInstance, language: Language): CachedRead {
  return {
    key: `settings:${language}`,
    tags: [contentTag(SETTINGS_KIND)],
    load: async () => ({
      status: 200,
      body: { data: await app.settingsRepository.publicSettings(language) },
    }),
  };
}

/**
 * `GET /api/portfolio?language=&category=&page=`'s answer as a cached read, also asked by the page that shows
 * it (/portfolio). A page past the last is answered (no projects) but not kept, and its page is a 404.
 */
export function portfolioRead(
  app: FastifyInstance,
  language: Language,
  category: string | null,
  page: number,
): CachedRead {
  return {
    key: `portfolio:${language}:${category ?? '*'}:${page}`,
    tags: [contentTag(PORTFOLIO_KIND)],
    load: async () => {
      const body = { data: await app.portfolioRepository.publicList(language, category, page) };
      return { status: 200, body, keep: !pastTheLastPage(body) };
    },
  };
}

/** `GET /api/portfolio/{slug}`'s answer as a cached read, also asked by the project's page. */
export function projectRead(app: FastifyInstance, slug: string): CachedRead {
  return {
    key: `portfolio-project:${slug}`,
    tags: [contentTag(PORTFOLIO_KIND)],
    load: async () => {
      const project = await app.portfolioRepository.publicProject(slug);
      return project
        ? { status: 200, body: { data: project } }
        : { status: 404, body: { message: PROJECT_NOT_FOUND } };
    },
  };
}

export const HOME_NOT_FOUND = 'Home page texts not found';

/**
 * `GET /api/home?language=`'s answer as a cached read (the texts, the visible client logos and the portfolio
 * teaser's first visible projects), also asked by the home page, so the page and its offline copy (the service
 * worker keeps this answer) need no second read. Tagged with the three kinds: a change to the texts, a logo or
 * a project drops it and the page rendered from it.
 */
export function homeRead(app: FastifyInstance, language: Language): CachedRead {
  return {
    key: `home:${language}`,
    tags: [contentTag(HOME_KIND), contentTag(CLIENT_LOGO_KIND), contentTag(PORTFOLIO_KIND)],
    load: async () => {
      const [home, portfolio] = await Promise.all([
        app.homeRepository.publicHome(language),
        app.portfolioRepository.publicList(language, null, 1),
      ]);
      return home
        ? { status: 200, body: { data: { ...home, projects: portfolio.data.slice(0, HOME_PROJECTS) } } }
        : { status: 404, body: { message: HOME_NOT_FOUND } };
    },
  };
}
