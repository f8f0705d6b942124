import { isLanguage } from '@agency/core/language';
import { can } from '@agency/core/roles';
import { slugProblem } from '@agency/core/rules';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit';
import { readForm } from '../../lib/form';
import { createPreviewLink, livePreviewLinks, PREVIEW_PATH } from '../../lib/preview-links';
import {
  type ListQuery,
  movedLocation,
  POST_NOT_FOUND,
  postListRead,
  postRead,
} from '../../lib/public-reads';
import { publicationClock } from '../../lib/publication-clock';
import { createContentSanitizer } from '../../lib/sanitize-pool';
import { imageExists } from '../../lib/storage';
import { storedImageNames } from '../../plugins/media-repository';
import {
  type AlongWithWrite,
  POSTER_IMAGES_URL,
  type PostRevisionRow,
  type PostRow,
  SlugTakenError,
  type TouchedPost,
  TranslationError,
  toPostJson,
  type Visibility,
} from '../../plugins/posts-repository';
import { postWriteTags } from '../../plugins/read-cache';
import { type FieldErrors, parsePostForm, type UploadedImage, validationBody } from './form';
import { createPreviewLinkSchema, listPreviewLinksSchema, previewPostSchema } from './preview-schemas';
import { getRevisionSchema, listRevisionsSchema, restoreRevisionSchema } from './revision-schemas';
import {
  createPostSchema,
  deletePostSchema,
  getPostSchema,
  listPostsSchema,
  updatePostSchema,
} from './schemas';

export { POST_NOT_FOUND };

/** Editors see drafts and posts dated in the future (the posts manager); the public never does. */
function visibilityOf(request: FastifyRequest): Visibility {
  return request.editor ? 'editor' : 'public';
}

/** An author may save drafts but not publish: a published post, or a post to publish, is an editor's. */
export const PUBLISH_FORBIDDEN = 'publish_forbidden';

/**
 * What the editor's role refuses for `post` (saved as `status`): null when allowed. An author writes only
 * their own posts, and only drafts (core/src/rules/roles.ts).
 */
export function roleRefusal(
  request: FastifyRequest,
  post: Pick<PostRow, 'authorId' | 'status'> | null,
  status?: string,
): string | null {
  const role = request.editor?.role;
  if (post && post.authorId !== request.editor?.id && !can(role, 'others_posts')) return 'forbidden';
  if ((post?.status === 'published' || status === 'published') && !can(role, 'publish'))
    return PUBLISH_FORBIDDEN;
  return null;
}

/** A save that would show an image the media library no longer has (deleted since it was chosen). */
class ImageGoneError extends Error {
  constructor(readonly field: 'poster_image' | 'content') {
    super('image gone');
  }
  get key(): string {
    return this.field === 'poster_image' ? 'image_not_found' : 'content_image_not_found';
  }
}

/**
 * In a create's or a save's transaction: the images it adds (a featured image, images put in the text) must
 * still be in the media library, and stay there until it ends (media.missing locks them), so a Delete of one
 * at the same moment either waits and sees this post use it, or wins and this save is refused (422), never a
 * post showing an image that is gone. Images the post already showed are not asked about.
 */
function libraryImagesKept(app: FastifyInstance): AlongWithWrite {
  return async (tx, before, after) => {
    if (!after) return;
    const poster =
      after.posterImage !== null && after.posterImage !== before?.posterImage ? [after.posterImage] : [];
    const had = new Set(storedImageNames(before?.content ?? ''));
    const inText = storedImageNames(after.content).filter((name) => !had.has(name));
    const gone = new Set(await app.media.missing(tx, [...poster, ...inText]));
    if (poster.some((name) => gone.has(name))) throw new ImageGoneError('poster_image');
    if (gone.size > 0) throw new ImageGoneError('content');
  };
}

/** Runs each of `steps` in the write's transaction, in order. */
function alongAll(...steps: AlongWithWrite[]): AlongWithWrite {
  return async (tx, before, after) => {
    for (const step of steps) await step(tx, before, after);
  };
}

/**
 * The audit trail's entry for a post's write, in its transaction: publishing (a new published post, or a save
 * that makes a post published, a date in the future included: it is published at its save), unpublishing,
 * deleting. The post is named by its id, its title as it was.
 */
function auditPostWrite(request: FastifyRequest): AlongWithWrite {
  return async (tx, before, after) => {
    const post = after ?? before;
    if (!post) return;
    const wasPublished = before?.status === 'published';
    const isPublished = after?.status === 'published';
    const action =
      after === null
        ? 'post_deleted'
        : isPublished && !wasPublished
          ? 'post_published'
          : wasPublished && !isPublished
            ? 'post_unpublished'
            : null;
    if (!action) return;
    await recordAudit(tx, request, { action, target: { type: 'post', id: post.id, label: post.title } });
  };
}

/** No revision of this post has the id asked for (another post's included). */
export const REVISION_NOT_FOUND = 'revision_not_found';

/** A revision id as the path gives it: digits, within a serial column's range; else null. */
function revisionId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function formError(reply: FastifyReply, errors: FieldErrors) {
  return reply.code(422).send(validationBody(errors));
}

export const postsRoutes: FastifyPluginAsync = async (app) => {
  const nextPublication = publicationClock(app);
  // Long content is cleaned on a worker thread, so that readers are answered while an editor saves.
  const contentSanitizer = createContentSanitizer();
  app.addHook('onClose', () => contentSanitizer.close());
  const sanitizeContent = (html: string) => contentSanitizer.sanitize(html);

  /** The post as an editor's answer gives it: with every translation, drafts included. */
  async function editorJson(post: PostRow) {
    const { byPost } = await app.postsRepository.translations([post], 'editor');
    return toPostJson(post, byPost.get(post.id) ?? [], app.siteTime);
  }

  /** A write the rules refused: the slug taken, or a translation link they do not allow. */
  function refused(reply: FastifyReply, err: unknown): FastifyReply | null {
    if (err instanceof SlugTakenError) return formError(reply, { slug: ['slug_taken'] });
    if (err instanceof TranslationError) return formError(reply, { translation_of: [err.key] });
    if (err instanceof ImageGoneError) return formError(reply, { [err.field]: [err.key] });
    return null;
  }

  /**
   * A new translation that keeps the featured image of the post it translates (what its form shows) shares
   * that image: an image belongs to the media library, and deleting either post leaves it there. Only the image
   * of the post named in `translation_of` is ever taken, and only while the library has it.
   */
  async function translationImage(keep: string | undefined, translationOf: number | null | undefined) {
    if (keep !== '1' || typeof translationOf !== 'number') return null;
    const original = await app.postsRepository.findById(translationOf);
    const image = original?.posterImage ?? null;
    return image !== null && (await app.media.has(image)) ? image : null;
  }

  /** Adds a featured image sent with the form to the media library, as the signed-in editor's upload. */
  function storeUploaded(request: FastifyRequest, image: UploadedImage | null): Promise<string | null> {
    if (!image) return Promise.resolve(null);
    return app.media.add(image, { fileName: image.fileName, uploadedBy: request.editor?.id ?? null });
  }

  app.get<{ Querystring: ListQuery }>('/', { schema: listPostsSchema }, async (request, reply) =>
    app.readCache.send(
      request,
      reply,
      postListRead(app, request.query, visibilityOf(request), nextPublication),
    ),
  );

  app.get<{ Params: { slug: string } }>('/:slug', { schema: getPostSchema }, async (request, reply) => {
    const { slug } = request.params;
    // A string no post could have as its slug is not looked up.
    if (slugProblem(slug)) return reply.code(404).send({ message: POST_NOT_FOUND });
    // A renamed post's old slug answers 301 to the current one, with the same query.
    return app.readCache.send(request, reply, postRead(app, slug, visibilityOf(request)), (current) =>
      movedLocation('/api/posts/', current, request.url),
    );
  });

  app.post('/', { schema: createPostSchema }, async (request, reply) => {
    const form = await readForm(request, 'poster_image');
    const parsed = await parsePostForm(app, form, { sanitizeContent });
    if (!parsed.ok) return formError(reply, parsed.errors);
    const refusal = roleRefusal(request, null, parsed.values.status);
    if (refusal) return reply.code(403).send({ message: refusal });
    const newImage = await storeUploaded(request, parsed.image);
    const posterImage =
      newImage ??
      parsed.libraryImage ??
      (await translationImage(form.fields.get('keep_translation_image'), parsed.translationOf));
    let written: { post: PostRow; touched: TouchedPost[] };
    try {
      written = await app.postsRepository.create(
        { ...parsed.values, posterImage, authorId: request.editor?.id ?? null },
        parsed.translationOf,
        alongAll(auditPostWrite(request), libraryImagesKept(app)),
      );
    } catch (err) {
      await app.media.discard(newImage);
      const answer = refused(reply, err);
      if (answer) return answer;
      throw err;
    }
    const { post, touched } = written;
    app.readCache.invalidate(postWriteTags(post, ...touched));
    return reply.code(201).send({ message: 'post_created', data: await editorJson(post) });
  });

  app.put<{ Params: { slug: string } }>('/:slug', { schema: updatePostSchema }, async (request, reply) => {
    const form = await readForm(request, 'poster_image');
    const { slug } = request.params;
    const current = slugProblem(slug) ? null : await app.postsRepository.findBySlug(slug, 'editor');
    if (!current) return reply.code(404).send({ message: POST_NOT_FOUND });
    const refusal = roleRefusal(request, current);
    if (refusal) return reply.code(403).send({ message: refusal });

    // The version the editor loaded: a save without one could silently overwrite someone else's.
    if (await versionRefused(reply, current, form.fields.get('version'))) return reply;

    const parsed = await parsePostForm(app, form, { exceptId: current.id, sanitizeContent });
    if (!parsed.ok) return formError(reply, parsed.errors);
    const publishes = roleRefusal(request, current, parsed.values.status);
    if (publishes) return reply.code(403).send({ message: publishes });
    const newImage = await storeUploaded(request, parsed.image);
    const removeImage = form.fields.get('remove_poster_image') === '1';
    const posterImage = newImage ?? parsed.libraryImage ?? (removeImage ? null : current.posterImage);

    return saveOver(request, reply, current, {
      values: { ...parsed.values, posterImage },
      translationOf: parsed.translationOf,
      newImage,
      message: 'post_updated',
      along: alongAll(auditPostWrite(request), libraryImagesKept(app)),
    });
  });

  /**
   * The version the editor loaded, against the stored one: true once the 422 or 409 is sent, false when it is
   * current. (A boolean, not the reply: a reply is a thenable, which an async function's promise would unwrap.)
   */
  async function versionRefused(
    reply: FastifyReply,
    current: PostRow,
    value: string | undefined,
  ): Promise<boolean> {
    const version = new Date(value ?? '');
    if (Number.isNaN(version.getTime())) {
      formError(reply, { version: ['version_required'] });
      return true;
    }
    if (version.getTime() !== current.updatedAt.getTime()) {
      reply.code(409).send({ message: 'post_conflict', current: await editorJson(current) });
      return true;
    }
    return false;
  }

  /**
   * Saves `values` over `current` as the signed-in editor (a PUT, a restore) and answers the outcome: the saved
   * post with `message` and the read cache dropped (a replaced image stays in the media library); or the
   * refusal, a newer save (409) or the post gone (404), with `newImage` (an upload of this save) taken back.
   */
  async function saveOver(
    request: FastifyRequest,
    reply: FastifyReply,
    current: PostRow,
    save: {
      values: Parameters<typeof app.postsRepository.update>[1];
      translationOf: Parameters<typeof app.postsRepository.update>[2];
      newImage: string | null;
      message: string;
      /** What else the save does in its transaction; the audit entry alone unless said. */
      along?: AlongWithWrite;
    },
  ) {
    let result: Awaited<ReturnType<typeof app.postsRepository.update>>;
    try {
      result = await app.postsRepository.update(
        current,
        save.values,
        save.translationOf,
        save.along ?? auditPostWrite(request),
        request.editor?.id ?? null,
      );
    } catch (err) {
      await app.media.discard(save.newImage);
      const answer = refused(reply, err);
      if (answer) return answer;
      throw err;
    }
    if ('saved' in result) {
      app.readCache.invalidate(postWriteTags(current, result.saved, ...result.touched));
      return { message: save.message, data: await editorJson(result.saved) };
    }
    await app.media.discard(save.newImage);
    if ('conflict' in result)
      return reply.code(409).send({ message: 'post_conflict', current: await editorJson(result.conflict) });
    return reply.code(404).send({ message: POST_NOT_FOUND });
  }

  /**
   * The post at `slug` if the editor may change it (the revisions are read and restored under the same rule as
   * a PUT): the post, or null once the refusal is sent.
   */
  async function changeablePost(
    request: FastifyRequest<{ Params: { slug: string } }>,
    reply: FastifyReply,
  ): Promise<PostRow | null> {
    if (!request.editor) {
      reply.code(401).send({ message: 'unauthenticated' });
      return null;
    }
    const { slug } = request.params;
    const post = slugProblem(slug) ? null : await app.postsRepository.findBySlug(slug, 'editor');
    const refusal = post ? roleRefusal(request, post) : null;
    if (!post || refusal) {
      reply.code(post ? 403 : 404).send({ message: refusal ?? POST_NOT_FOUND });
      return null;
    }
    return post;
  }

  async function revisionJson(row: PostRevisionRow & { authorName: string | null }) {
    return {
      id: row.id,
      post_id: row.postId,
      created_at: row.createdAt.toISOString(),
      author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
      title: row.title,
      slug: row.slug,
      description: row.description,
      content: row.content,
      seo_title: row.seoTitle,
      seo_description: row.seoDescription,
      poster_image: row.posterImage,
      poster_image_url: row.posterImage === null ? null : `${POSTER_IMAGES_URL}${row.posterImage}`,
      poster_image_available:
        row.posterImage !== null && (await imageExists(app.storage.store, row.posterImage)),
      status: row.status,
      published_at: app.siteTime.iso(row.publishedAt),
    };
  }

  app.get<{ Params: { slug: string } }>(
    '/:slug/revisions',
    { schema: listRevisionsSchema, config: { private: true } },
    async (request, reply) => {
      const post = await changeablePost(request, reply);
      if (!post) return reply;
      const revisions = await app.postsRepository.revisions(post.id);
      return {
        data: revisions.map((revision) => ({
          id: revision.id,
          created_at: revision.createdAt.toISOString(),
          author: revision.author,
          title: revision.title,
        })),
      };
    },
  );

  app.get<{ Params: { slug: string; id: string } }>(
    '/:slug/revisions/:id',
    { schema: getRevisionSchema, config: { private: true } },
    async (request, reply) => {
      const post = await changeablePost(request, reply);
      if (!post) return reply;
      const id = revisionId(request.params.id);
      const revision = id === null ? null : await app.postsRepository.revision(post.id, id);
      if (!revision) return reply.code(404).send({ message: REVISION_NOT_FOUND });
      return { data: await revisionJson(revision) };
    },
  );

  // A restore is a save of the revision's fields over the post, under a PUT's rules: the version the editor
  // loaded, the author's limits, the audit trail's entries and the read cache's invalidation.
  app.post<{ Params: { slug: string; id: string }; Body: { version?: string } }>(
    '/:slug/revisions/:id/restore',
    { schema: restoreRevisionSchema },
    async (request, reply) => {
      const current = await changeablePost(request, reply);
      if (!current) return reply;
      const id = revisionId(request.params.id);
      const revision = id === null ? null : await app.postsRepository.revision(current.id, id);
      if (!revision) return reply.code(404).send({ message: REVISION_NOT_FOUND });

      if (await versionRefused(reply, current, request.body?.version)) return reply;
      const publishes = roleRefusal(request, current, revision.status);
      if (publishes) return reply.code(403).send({ message: publishes });
      if (await app.postsRepository.slugTaken(revision.slug, current.id))
        return formError(reply, { slug: ['slug_taken'] });

      // An image deleted since (a later save replaced or removed it) cannot come back: the post is restored
      // without one, and the answer says so.
      const imageGone =
        revision.posterImage !== null && !(await imageExists(app.storage.store, revision.posterImage));
      const posterImage = imageGone ? null : revision.posterImage;

      return saveOver(request, reply, current, {
        values: {
          slug: revision.slug,
          title: revision.title,
          status: revision.status,
          posterImage,
          description: revision.description,
          content: revision.content,
          language: current.language,
          publishedAt: revision.publishedAt,
          seoTitle: revision.seoTitle,
          seoDescription: revision.seoDescription,
        },
        translationOf: undefined,
        newImage: null,
        message: imageGone ? 'post_restored_without_image' : 'post_restored',
      });
    },
  );

  // The page of the form as it is, unsaved: rendered by the web plugin as a post's page, stored nowhere.
  app.post('/preview', { schema: previewPostSchema, config: { private: true } }, async (request, reply) => {
    const form = await readForm(request, 'poster_image');
    const field = (name: string) => form.fields.get(name) ?? '';
    const editing = field('post');
    let current: PostRow | null = null;
    if (editing !== '') {
      current = slugProblem(editing) ? null : await app.postsRepository.findBySlug(editing, 'editor');
      if (!current) return reply.code(404).send({ message: POST_NOT_FOUND });
      const refusal = roleRefusal(request, current);
      if (refusal) return reply.code(403).send({ message: refusal });
    }
    const language = field('language');
    if (!isLanguage(language)) return formError(reply, { language: ['language_invalid'] });
    // Cleaned as a save cleans it: the preview shows exactly what would be stored.
    const content = await sanitizeContent(field('content'));
    if (!content.ok) return formError(reply, { content: [content.key] });
    const now = new Date();
    const date = field('published_at').trim() ? app.siteTime.parse(field('published_at')) : now;
    const row: PostRow = {
      id: current?.id ?? 0,
      slug: field('slug').trim(),
      title: field('title').trim(),
      status: field('status') === 'published' ? 'published' : 'draft',
      // A new image is shown once saved (the preview stores no file); the saved one until then.
      posterImage: field('remove_poster_image') === '1' ? null : (current?.posterImage ?? null),
      description: field('description').trim(),
      content: content.html,
      language,
      publishedAt: Number.isNaN(date.getTime()) ? now : date,
      seoTitle: field('seo_title').trim(),
      seoDescription: field('seo_description').trim(),
      translationGroup: current?.translationGroup ?? null,
      authorId: current?.authorId ?? request.editor?.id ?? null,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
    };
    const translations = current
      ? ((await app.postsRepository.translations([current], 'editor')).byPost.get(current.id) ?? [])
      : [];
    const html = await app.postPreview.render?.(toPostJson(row, translations, app.siteTime), language);
    if (!html) return reply.code(409).send({ message: 'preview_unavailable' });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // Links that let someone without an account read the post (lib/preview-links.ts), under the rule for
  // changing the post.
  app.post<{ Params: { slug: string } }>(
    '/:slug/preview-links',
    { schema: createPreviewLinkSchema },
    async (request, reply) => {
      const post = await changeablePost(request, reply);
      if (!post) return reply;
      const link = await app.db.transaction(async (tx) => {
        const made = await createPreviewLink(tx, post.id, request.editor?.id ?? null);
        await recordAudit(tx, request, {
          action: 'preview_link_created',
          target: { type: 'post', id: post.id, label: post.title },
          details: { link: made.id },
        });
        return made;
      });
      return reply.code(201).send({
        id: link.id,
        url: `${PREVIEW_PATH}${link.token}`,
        expires_at: link.expiresAt.toISOString(),
      });
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/:slug/preview-links',
    { schema: listPreviewLinksSchema, config: { private: true } },
    async (request, reply) => {
      const post = await changeablePost(request, reply);
      if (!post) return reply;
      const links = await livePreviewLinks(app.db, post.id);
      return {
        data: links.map((link) => ({
          id: link.id,
          created_at: link.createdAt.toISOString(),
          expires_at: link.expiresAt.toISOString(),
        })),
      };
    },
  );

  // A segment of digits only is an id: slugs are never digits only (core's slugProblem refuses them), so an
  // id and a slug can never be mistaken for each other.
  app.delete<{ Params: { slug: string } }>('/:slug', { schema: deletePostSchema }, async (request, reply) => {
    const idOrSlug = request.params.slug;
    let deleted: { post: PostRow; touched: TouchedPost[] } | null = null;
    const byId = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : null;
    const validId = byId !== null && Number.isSafeInteger(byId) && byId <= 2_147_483_647;
    if (!can(request.editor?.role, 'publish')) {
      // An author deletes only their own drafts: the post is read first to tell.
      const post = validId
        ? await app.postsRepository.findById(byId)
        : byId === null && !slugProblem(idOrSlug)
          ? await app.postsRepository.findBySlug(idOrSlug, 'editor')
          : null;
      const refusal = post && roleRefusal(request, post);
      if (refusal) return reply.code(403).send({ message: refusal });
    }
    if (validId) {
      deleted = await app.postsRepository.deleteById(byId, auditPostWrite(request));
    } else if (byId === null && !slugProblem(idOrSlug)) {
      deleted = await app.postsRepository.deleteBySlug(idOrSlug, auditPostWrite(request));
    }
    if (!deleted) return reply.code(404).send({ message: POST_NOT_FOUND });
    // Its translation stays, unlinked; its images stay in the media library.
    app.readCache.invalidate(postWriteTags(deleted.post, ...deleted.touched));
    return { message: 'post_deleted' };
  });
};
