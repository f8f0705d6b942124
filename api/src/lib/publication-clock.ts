import type { FastifyInstance } from 'fastify';
import { cacheTags } from '../plugins/read-cache';
import type { Ticket } from './read-cache';

/**
 * When the next post dated in the future appears, on this process's clock (Infinity: none is waiting). It is
 * asked of the database once and kept until that time comes or a post is written, so a cached answer that
 * lists published posts (a list page, the sitemap, a feed) can end when the post appears, without a write.
 */
export function publicationClock(app: FastifyInstance): () => Promise<number> {
  let known: { at: number; ticket: Ticket } | null = null;
  return async () => {
    if (known && known.at > Date.now() && app.readCache.valid(known.ticket)) return known.at;
    // Every post write invalidates the list of every language, so this tag stands for "any post changed".
    const ticket = app.readCache.begin([cacheTags.postList(undefined)]);
    const asked = Date.now();
    const { next, now } = await app.postsRepository.nextPublication();
    const at = next === null ? Number.POSITIVE_INFINITY : asked + (next.getTime() - now.getTime());
    known = { at, ticket };
    return at;
  };
}
