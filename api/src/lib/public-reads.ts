import type { Language } from '@agency/core/language';
import type { FastifyInstance } from 'fastify';
import { toPostJson, type Visibility } from '../plugins/posts-repository';
import { type CachedRead, cacheTags } from '../plugins/read-cache';

export const POST_NOT_FOUND = 'Blog post not found';
export const SERVICE_NOT_FOUND = 'Service not found';

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
      return post
        ? { status: 200, body: toPostJson(post) }
        : { status: 404, body: { message: POST_NOT_FOUND } };
    },
  };
}

/** `GET /api/services/{key}?language=`'s answer as a cached read, also asked by the page `/services/{key}`. */
export function serviceRead(app: FastifyInstance, key: string, language: Language): CachedRead {
  return {
    key: `service:${language}:${key}`,
    tags: [cacheTags.services],
    load: async () => {
      const service = await app.servicesRepository.findByKey(key, language);
      return service
        ? { status: 200, body: { data: service } }
        : { status: 404, body: { message: SERVICE_NOT_FOUND } };
    },
  };
}
