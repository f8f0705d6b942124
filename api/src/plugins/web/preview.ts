import type { Language } from '@agency/core/language';
import { matchRoute } from '@agency/core/routes';
import { slugProblem } from '@agency/core/rules';
import type { FastifyInstance } from 'fastify';
import type { AppShell } from '../../lib/app-shell';
import type { PageRenderer } from '../../lib/page-render';
import { openPreviewLink, PREVIEW_PATH } from '../../lib/preview-links';
import { noticePage, UNAVAILABLE_STYLE_HASHES } from '../../lib/unavailable-page';
import { toPostJson } from '../posts-repository';
import { contentSecurityPolicy } from '../security-headers';
import { isHttps } from '../sessions';
import { CSRF_SLOT, composePage } from './compose';
import { type PostJson, pageLanguageOf } from './pages';
import { FRONT_END_NOT_BUILT } from './replies';

/**
 * The previews of posts that are not public: `app.postPreview.render` (an editor's unsaved form) and the shared
 * preview links.
 */
export function previewRoutes(
  app: FastifyInstance,
  { shell, renderer }: { shell: AppShell; renderer: PageRenderer },
): void {
  /**
   * The page of `post` as readers see it at `/blog/{slug}` (the same server entries, stylesheets and head), for
   * a post that is not public (an editor's unsaved form, a draft opened by a shared link). Read by nobody but
   * the one asking: nothing of it is kept, and it runs no script (no hydration, no service worker), so the
   * markup stays as rendered. `linked`: its stylesheets linked rather than inline (a document without its own
   * CSP header, in a frame, may not have inline styles). Null when the front-end is not built.
   */
  async function postPreviewPage(
    post: PostJson,
    language: Language,
    { linked }: { linked: boolean },
  ): Promise<{ html: string; styleHashes: string[] } | null> {
    const shellPages = await shell.load();
    if (!shellPages) return null;
    const template = shellPages[language].html;
    const slug = slugProblem(post.slug) ? 'preview' : post.slug;
    const url = `/blog/${encodeURIComponent(slug)}`;
    const match = matchRoute(url);
    if (!match) return null;
    const rendered = await renderer.render({
      route: match.route,
      params: match.params,
      url,
      language,
      subject: { status: 200, body: { ...post, slug } },
    });
    if (!rendered) return null;
    for (const err of rendered.errors)
      app.log.error({ err }, 'part of a preview failed to render on the server');
    const rootStyles = (await renderer.rootStylesheets(template)).map((sheet) =>
      linked ? { ...sheet, css: null } : sheet,
    );
    const page = linked
      ? { ...rendered, styles: rendered.styles.map((sheet) => ({ ...sheet, css: null })) }
      : rendered;
    const composed = composePage(
      template,
      { ...page, scripts: [] },
      rootStyles,
      url,
      language,
      '<meta name="robots" content="noindex">',
    );
    const html = composed.html
      // No script: the starter, which would hydrate it (and register the service worker) and lists the
      // modules it would preload, and the page's data.
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<script type="application\/json" id="page-data"[^>]*>[\s\S]*?<\/script>/, '')
      // No token either: nothing on it writes.
      .replace(CSRF_SLOT, '')
      // A stylesheet left for a script to enable (deferred-styles.ts) is enabled now.
      .replace(/(<link rel="stylesheet"[^>]*?) disabled(?: data-deferred)?/g, linked ? '$1' : '$&');
    return { html, styleHashes: composed.styleHashes };
  }

  app.postPreview.render = async (post, language) =>
    (await postPreviewPage(post, language, { linked: true }))?.html ?? null;

  /**
   * A shared preview link (`/preview/{token}`): the draft's or scheduled post's page for someone without an
   * account; once the post is public, on to its address. An unknown, expired or revoked link says so, in the
   * visitor's language. Never kept, by anyone (the read cache, the service worker, a proxy), never indexed, and
   * its address is never sent on as a Referer.
   */
  app.get<{ Params: { token: string } }>(
    `${PREVIEW_PATH}:token`,
    {
      schema: {
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer');
      const language = pageLanguageOf(request);
      const link = await openPreviewLink(app.db, request.params.token);
      if (link.state === 'live') {
        const { post } = link;
        if (post.status === 'published' && post.publishedAt.getTime() <= Date.now())
          return reply.redirect(`/blog/${encodeURIComponent(post.slug)}`, 302);
        const { byPost } = await app.postsRepository.translations([post], 'editor');
        const json = toPostJson(post, byPost.get(post.id) ?? [], app.siteTime);
        const page = await postPreviewPage(json, post.language, { linked: false });
        if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(`${FRONT_END_NOT_BUILT}\n`);
        return reply
          .header('content-security-policy', contentSecurityPolicy(isHttps(request), page.styleHashes))
          .type('text/html; charset=utf-8')
          .send(page.html);
      }
      const texts = (await renderer.shellText(language))?.previewLink as
        | Record<string, { title?: string; text?: string; home?: string }>
        | undefined;
      const text = texts?.[link.state];
      const fallback = link.state === 'not_found' ? 'Not found' : 'Gone';
      return reply
        .code(link.state === 'not_found' ? 404 : 410)
        .header('content-security-policy', contentSecurityPolicy(isHttps(request), UNAVAILABLE_STYLE_HASHES))
        .type('text/html; charset=utf-8')
        .send(
          noticePage(language, {
            title: text?.title ?? fallback,
            text: text?.text ?? '',
            ...(text?.home ? { link: { href: '/', label: text.home } } : {}),
          }),
        );
    },
  );
}
