import type { Post } from '@agency/core/types';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { postRevisions } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { type FilePart, multipart, signedIn, signedInAuthor, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeImage } from '../../test/images';
import { postForm } from '../../test/posts';

type ApiPost = Post & { created_at: string; updated_at: string };
type Saved = { message: string; data: ApiPost };
interface Summary {
  id: number;
  created_at: string;
  author: { id: number; name: string } | null;
  title: string;
}
interface Revision extends Summary {
  post_id: number;
  slug: string;
  content: string;
  status: string;
  poster_image: string | null;
  poster_image_available: boolean;
  published_at: string;
}

let counter = 0;

describeEachDatabase('post revisions', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  let author: TestBrowser;
  let editorId: number;

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.25.0.1');
    editorId = (await editor.request({ url: '/api/auth/me' })).json<{ user: { id: number } }>().user.id;
    author = await signedInAuthor(t.app, database.db, '10.25.0.2');
  });

  async function send(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | FilePart | undefined>,
    browser = editor,
  ) {
    return browser.request({ method, url, ...(await multipart(postForm(fields))) });
  }

  async function create(fields: Record<string, string | FilePart | undefined> = {}, browser = editor) {
    counter += 1;
    const res = await send(
      'POST',
      '/api/posts',
      { title: `Story ${counter}`, slug: `story-${counter}`, content: '<p>First words.</p>', ...fields },
      browser,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Saved>().data;
  }

  /** A save of `post` with `fields` changed (every other field as it is). */
  async function save(
    post: ApiPost,
    fields: Record<string, string | FilePart | undefined>,
    browser = editor,
  ) {
    const res = await send(
      'PUT',
      `/api/posts/${encodeURIComponent(post.slug)}`,
      {
        title: post.title,
        slug: post.slug,
        status: post.status,
        description: post.description,
        content: post.content,
        seo_title: post.seo_title,
        seo_description: post.seo_description,
        published_at: post.published_at,
        version: post.updated_at,
        ...fields,
      },
      browser,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Saved>().data;
  }

  async function revisions(slug: string, browser = editor) {
    const res = await browser.request({ url: `/api/posts/${encodeURIComponent(slug)}/revisions` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Summary[] }>().data;
  }

  function restore(slug: string, id: number, version: string | undefined, browser = editor) {
    return browser.request({
      method: 'POST',
      url: `/api/posts/${encodeURIComponent(slug)}/revisions/${id}/restore`,
      payload: version === undefined ? {} : { version },
    });
  }

  it('keeps a revision on create and on every save that changes the post, newest first', async () => {
    const post = await create({ title: 'One' });
    expect(await revisions(post.slug)).toEqual([
      {
        id: expect.any(Number),
        created_at: post.updated_at,
        author: { id: editorId, name: 'Edith Editor' },
        title: 'One',
      },
    ]);
    const second = await save(post, { title: 'Two', content: '<p>Second words.</p>' });
    const third = await save(second, { title: 'Three' });
    // A save that changes nothing adds none.
    await save(third, {});
    const list = await revisions(post.slug);
    expect(list.map((r) => r.title)).toEqual(['Three', 'Two', 'One']);
    expect(list[0]?.created_at).toBe(third.updated_at);
    expect(list[0]?.id).toBeGreaterThan(list[1]?.id ?? Infinity);

    const res = await editor.request({ url: `/api/posts/${post.slug}/revisions/${list[1]?.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<{ data: Revision }>().data).toMatchObject({
      id: list[1]?.id,
      post_id: post.id,
      title: 'Two',
      slug: post.slug,
      content: '<p>Second words.</p>',
      status: 'published',
      published_at: post.published_at,
      poster_image: null,
      poster_image_available: false,
      author: { id: editorId, name: 'Edith Editor' },
    });
  });

  it('keeps the newest 50 revisions of a post', async () => {
    let post = await create({ title: 'Save 0' });
    for (let i = 1; i <= 55; i += 1) post = await save(post, { title: `Save ${i}` });
    const list = await revisions(post.slug);
    expect(list).toHaveLength(50);
    expect(list[0]?.title).toBe('Save 55');
    expect(list[49]?.title).toBe('Save 6');
  });

  it('restores a revision as a new save, with a new version, seen by the public at once', async () => {
    const post = await create({ title: 'Before', content: '<p>The old text.</p>' });
    const renamed = await save(post, {
      title: 'After',
      slug: `${post.slug}-new`,
      content: '<p>New text.</p>',
    });
    // The public's answer is kept in memory: the restore must drop it.
    const reader = new TestBrowser(t.app, '10.25.0.9');
    const read = await reader.request({ url: `/api/posts/${renamed.slug}` });
    expect(read.json<ApiPost>().title).toBe('After');
    const [, first] = await revisions(renamed.slug);
    const res = await restore(renamed.slug, first?.id ?? 0, renamed.updated_at);
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json<Saved>();
    expect(restored.message).toBe('post_restored');
    expect(restored.data).toMatchObject({
      title: 'Before',
      slug: post.slug,
      content: '<p>The old text.</p>',
    });
    expect(Date.parse(restored.data.updated_at)).toBeGreaterThan(Date.parse(renamed.updated_at));

    const list = await revisions(post.slug);
    expect(list.map((r) => r.title)).toEqual(['Before', 'After', 'Before']);
    expect(list[0]?.created_at).toBe(restored.data.updated_at);
    const publicRead = await reader.request({ url: `/api/posts/${post.slug}` });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json<ApiPost>().content).toBe('<p>The old text.</p>');
    // The slug it left answers as a renamed post's does.
    const moved = await reader.request({ url: `/api/posts/${renamed.slug}` });
    expect(moved.statusCode).toBe(301);
  });

  it('refuses a restore over a newer save (409), without a version (422), or of another post’s revision (404)', async () => {
    const post = await create();
    const saved = await save(post, { title: 'Newer' });
    const [, first] = await revisions(post.slug);
    const stale = await restore(post.slug, first?.id ?? 0, post.updated_at);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'post_conflict', current: { title: 'Newer' } });
    const missing = await restore(post.slug, first?.id ?? 0, undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'version_required',
      errors: { version: ['version_required'] },
    });
    expect((await revisions(post.slug)).map((r) => r.title)).toEqual(['Newer', post.title]);

    const other = await create();
    const [theirs] = await revisions(other.slug);
    for (const id of [String(theirs?.id), '999999', 'abc']) {
      const read = await editor.request({ url: `/api/posts/${post.slug}/revisions/${id}` });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: 'revision_not_found' });
    }
    const foreign = await restore(post.slug, theirs?.id ?? 0, saved.updated_at);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'revision_not_found' });
    const unknown = await editor.request({ url: '/api/posts/no-such-post/revisions' });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a post’s revisions with the post', async () => {
    const post = await create();
    await save(post, { title: 'Again' });
    const kept = () =>
      database.db.select({ n: count() }).from(postRevisions).where(eq(postRevisions.postId, post.id));
    expect((await kept())[0]?.n).toBe(2);
    expect((await editor.request({ method: 'DELETE', url: `/api/posts/${post.slug}` })).statusCode).toBe(200);
    expect((await kept())[0]?.n).toBe(0);
  });

  it('lets an author read and restore only their own drafts’ revisions', async () => {
    const theirs = await create();
    const [revision] = await revisions(theirs.slug);
    const read = await author.request({ url: `/api/posts/${theirs.slug}/revisions` });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: 'forbidden' });
    expect(
      (await author.request({ url: `/api/posts/${theirs.slug}/revisions/${revision?.id}` })).statusCode,
    ).toBe(403);
    const taken = await restore(theirs.slug, revision?.id ?? 0, theirs.updated_at, author);
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toEqual({ message: 'forbidden' });

    const mine = await create({ status: 'draft', title: 'Mine' }, author);
    const edited = await save(mine, { title: 'Mine, edited' }, author);
    const list = await revisions(mine.slug, author);
    expect(list.map((r) => r.title)).toEqual(['Mine, edited', 'Mine']);
    expect(list[0]?.author?.name).toBe('Ada Author');
    const back = await restore(mine.slug, list[1]?.id ?? 0, edited.updated_at, author);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Saved>().data.title).toBe('Mine');

    // Published by an editor, then taken back to a draft: its published revision is not the author's to restore.
    const published = await save(back.json<Saved>().data, { status: 'published' });
    const drafted = await save(published, { status: 'draft', title: 'Draft again' });
    const [, publishedRevision] = await revisions(mine.slug, author);
    const publish = await restore(mine.slug, publishedRevision?.id ?? 0, drafted.updated_at, author);
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toEqual({ message: 'publish_forbidden' });
  });

  it('writes the audit entry a save would: a restore that unpublishes is post_unpublished', async () => {
    const post = await create({ status: 'draft', title: 'Quiet' });
    const published = await save(post, { status: 'published' });
    const [, draft] = await revisions(post.slug);
    const res = await restore(post.slug, draft?.id ?? 0, published.updated_at);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Saved>().data.status).toBe('draft');
    const audit = await editor.request({ url: '/api/audit?action=post_unpublished' });
    const entries = audit.json<{ data: { data: { target: { id: string } | null }[] } }>().data.data;
    expect(entries.map((entry) => entry.target?.id)).toContain(String(post.id));
  });

  it('restores an image replaced since, which the media library kept', async () => {
    const image = (format: 'png' | 'jpeg') =>
      makeImage(format).then((bytes) => ({ bytes, filename: `p.${format}`, type: `image/${format}` }));
    const post = await create({ poster_image: await image('png') });
    const replaced = await save(post, { poster_image: await image('jpeg'), title: 'New picture' });
    const [, first] = await revisions(post.slug);
    const res = await restore(post.slug, first?.id ?? 0, replaced.updated_at);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Saved>()).toMatchObject({
      message: 'post_restored',
      data: { title: post.title, poster_image: post.poster_image },
    });
  });

  it('restores without the image when it was deleted from the library since, and says so', async () => {
    const image = (format: 'png' | 'jpeg') =>
      makeImage(format).then((bytes) => ({ bytes, filename: `p.${format}`, type: `image/${format}` }));
    const post = await create({ poster_image: await image('png') });
    expect(post.poster_image).not.toBeNull();
    // A new image replaces the first, which is then deleted from the library (nothing uses it now).
    const replaced = await save(post, { poster_image: await image('jpeg'), title: 'New picture' });
    const [listed] = (await editor.request({ url: `/api/media?q=p.png` })).json<{
      data: { data: { id: number; name: string }[] };
    }>().data.data;
    expect(listed?.name).toBe(post.poster_image);
    const deleted = await editor.request({ method: 'DELETE', url: `/api/media/${listed?.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [current, first] = await revisions(post.slug);
    const gone = await editor.request({ url: `/api/posts/${post.slug}/revisions/${first?.id}` });
    expect(gone.json<{ data: Revision }>().data).toMatchObject({
      poster_image: post.poster_image,
      poster_image_available: false,
    });
    const here = await editor.request({ url: `/api/posts/${post.slug}/revisions/${current?.id}` });
    expect(here.json<{ data: Revision }>().data.poster_image_available).toBe(true);

    const res = await restore(post.slug, first?.id ?? 0, replaced.updated_at);
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json<Saved>();
    expect(restored.message).toBe('post_restored_without_image');
    expect(restored.data).toMatchObject({ title: post.title, poster_image: null, poster_image_url: null });
  });

  it('describes the three routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/api/posts/{slug}/revisions'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/posts/{slug}/revisions/{id}'] ?? {})).toContain('get');
    const restore = doc.paths['/api/posts/{slug}/revisions/{id}/restore']?.post;
    expect(Object.keys(restore?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '403', '404', '409', '422']),
    );
  });
});
