import type { Language } from '@agency/core/language';
import { slugProblem } from '@agency/core/rules';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { paginate } from '../../lib/pagination';
import { toPostJson, type Visibility } from '../../plugins/posts-repository';
import { getPostSchema, listPostsSchema } from './schemas';

export const POST_NOT_FOUND = 'Blog post not found';

interface ListQuery {
  language?: Language;
  page: number;
  per_page: number;
}

/** The link to another page of the same list, relative to the site, with the query the client sent. */
function pageUrl(query: ListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.language) params.set('language', query.language);
  params.set('per_page', String(query.per_page));
  params.set('page', String(page));
  return `/api/posts?${params}`;
}

/** Editor sessions come with the editor API; until then every reader is the public. */
function visibilityOf(_request: FastifyRequest): Visibility {
  return 'public';
}

export const postsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>('/', { schema: listPostsSchema }, async (request) => {
    const { language, page, per_page: perPage } = request.query;
    const { items, total } = await app.postsRepository.list({
      language,
      page,
      perPage,
      visibility: visibilityOf(request),
    });
    return {
      data: paginate({
        items: items.map(toPostJson),
        total,
        page,
        perPage,
        urlFor: (n) => pageUrl(request.query, n),
      }),
    };
  });

  app.get<{ Params: { slug: string } }>('/:slug', { schema: getPostSchema }, async (request, reply) => {
    const { slug } = request.params;
    // A string no post could have as its slug is not looked up.
    const post = slugProblem(slug) ? null : await app.postsRepository.findBySlug(slug, visibilityOf(request));
    if (!post) return reply.code(404).send({ message: POST_NOT_FOUND });
    return toPostJson(post);
  });
};
