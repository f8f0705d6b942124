import { PORTFOLIO_KIND } from '@agency/core/content';
import { isLanguage, LANGUAGES, type Language } from '@agency/core/language';
import { SETTINGS_KIND } from '@agency/core/settings';
import type { FastifyPluginAsync } from 'fastify';
import { contentTag } from '../../lib/content';
import { publicationClock } from '../../lib/publication-clock';
import {
  FEED_PATH,
  FEED_SIZE,
  RSS_TYPE,
  robotsTxt,
  rssXml,
  SITEMAP_MAX_URLS,
  SITEMAP_PATH,
  sitemapXml,
  TEXT_TYPE,
  XML_TYPE,
} from '../../lib/search-engines';
import { cacheTags } from '../../plugins/read-cache';

export interface SearchEngineRoutesOptions {
  /** PUBLIC_ORIGIN: every absolute URL starts with it, whatever the request's Host says. */
  origin: string;
}

/** robots.txt changes only with the configuration: shared caches may keep it a few minutes. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=300';
/** The sitemap and feeds change with every post: revalidated on each use (ETag, 304). */
const REVALIDATE = 'no-cache';

/**
 * `/robots.txt`, `/sitemap.xml` and `/feed.xml?lng=en|ar` (lib/search-engines.ts builds them). The sitemap
 * and feeds are public reads like the API's: kept in memory by the read cache, dropped by the same post and
 * service writes (and the database's announcements of them), and ended when a scheduled post's time comes.
 */
export const searchEngineRoutes: FastifyPluginAsync<SearchEngineRoutesOptions> = async (app, { origin }) => {
  const nextPublication = publicationClock(app);
  const robots = robotsTxt(origin);

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', ROBOTS_CACHE_CONTROL).type(TEXT_TYPE).send(robots),
  );

  app.get(SITEMAP_PATH, async (request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return app.readCache.send(request, reply, {
      key: 'sitemap',
      tags: [cacheTags.postList(undefined), cacheTags.services, contentTag(PORTFOLIO_KIND)],
      load: async () => {
        // Asked before the posts are read: a post that appears in between ends this answer's life at once.
        const expiresAt = await nextPublication();
        const [translated, { items }, projects] = await Promise.all([
          Promise.all(LANGUAGES.map((language) => app.servicesRepository.list(language))),
          app.postsRepository.list({ page: 1, perPage: SITEMAP_MAX_URLS, visibility: 'public' }),
          app.portfolioRepository.sitemap(),
        ]);
        // Each service at its current address, with the languages it is written in.
        const services = new Map<string, { slug: string; languages: Language[] }>();
        LANGUAGES.forEach((language, i) => {
          for (const { slug } of translated[i] ?? []) {
            const service = services.get(slug) ?? { slug, languages: [] };
            service.languages.push(language);
            services.set(slug, service);
          }
        });
        return {
          status: 200,
          type: XML_TYPE,
          body: sitemapXml(origin, [...services.values()], items, projects),
          expiresAt,
        };
      },
    });
  });

  app.get<{ Querystring: { lng?: unknown } }>(FEED_PATH, async (request, reply) => {
    const language = request.query.lng;
    // One feed per language, at the URL each page advertises: anything else is not a feed of this site.
    if (!isLanguage(language)) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not found' });
    }
    reply.header('cache-control', REVALIDATE);
    return app.readCache.send(request, reply, {
      key: `feed:${language}`,
      // Its title names the agency as the site's settings do (edited on /site/settings): a save drops it too.
      tags: [cacheTags.postList(language), contentTag(SETTINGS_KIND)],
      load: async () => {
        const expiresAt = await nextPublication();
        const [{ items }, settings] = await Promise.all([
          app.postsRepository.list({ language, page: 1, perPage: FEED_SIZE, visibility: 'public' }),
          app.settingsRepository.publicSettings(language),
        ]);
        return {
          status: 200,
          type: RSS_TYPE,
          body: rssXml(origin, settings.name, language, items),
          expiresAt,
        };
      },
    });
  });
};
