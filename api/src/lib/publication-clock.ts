import type { FastifyInstance } from 'fastify';
import { cacheTags } from '../plugins/read-cache';
import type { Ticket } from './read-cache';

const clocks = new WeakMap<object, () => Promise<number>>();

/**
 * When the next post dated in the future appears, on this process's clock (Infinity: none is waiting). It is
 * asked of the database once and kept until that time comes or a post is written, so a cached answer that
 * lists published posts (a list page, the sitemap, a feed) can end when the post appears, without a write.
 */
export function publicationClock(app: FastifyInstance): () => Promise<number> {
  // One clock per server, whichever routes ask (each plugin has its own instance; the read cache is the
  // server's one): the answer is the same, so it is asked of the database once.
  const existing = clocks.get(app.readCache);
  if (existing) return existing;
  let known: { at: number; ticket: Ticket } | null = null;
  const clock = async () => {
    if (known && known.at > Date.now() && app.readCache.valid(known.ticket)) return known.at;
    // Every post write invalidates the list of every language, so this tag stands for "any post changed".
    const ticket = app.readCache.begin([cacheTags.postList(undefined)]);
    const asked = Date.now();
    const { next, now } = await app.postsRepository.nextPublication();
    const at = next === null ? Number.POSITIVE_INFINITY : asked + (next.getTime() - now.getTime());
    known = { at, ticket };
    return at;
  };
  clocks.set(app.readCache, clock);
  return clock;
}
