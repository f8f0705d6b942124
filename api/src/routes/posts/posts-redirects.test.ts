import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Post } from '@agency/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, TEST_API_KEY, useTestApp } from '../../test/app';
import { multipart, signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { postForm } from '../../test/posts';

type ApiPost = Post & { updated_at: string };

const headers = { 'x-api-key': TEST_API_KEY };

/** The least of a front-end build for the server to answer pages (`/blog/{slug}`) with the app page. */
async function makeWebRoot(): Promise<string> {
  const webRoot = await makeTempDir('web-redirects');
  const index = path.join(webRoot, 'root-config/dist/index.html');
  await mkdir(path.dirname(index), { recursive: true });
  await writeFile(
    index,
    '<!doctype html><html><head><!--app-meta--></head><body><div id="root"></div></body></html>',
  );
  return webRoot;
}

describeEachDatabase('renamed posts keep their readers', (database) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeWebRoot();
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
  });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.2.1');
  });

  function fields(slug: string, overrides: Record<string, string> = {}) {
    return postForm({ title: `Post ${slug}`, slug, ...overrides });
  }

  async function create(slug: string, overrides: Record<string, string> = {}): Promise<ApiPost> {
    const body = await multipart(fields(slug, overrides));
    const res = await editor.request({ method: 'POST', url: '/api/posts', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: ApiPost }>().data;
  }

  /** Saves the post under a new slug, as the editor's form does (with the version it loaded). */
  async function rename(
    post: ApiPost,
    slug: string,
    overrides: Record<string, string> = {},
  ): Promise<ApiPost> {
    const body = await multipart({
      ...fields(slug, { language: post.language, status: post.status, ...overrides }),
      version: post.updated_at,
    });
    const res = await editor.request({
      method: 'PUT',
      url: `/api/posts/${encodeURIComponent(post.slug)}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ApiPost }>().data;
  }

  /** The public's answer, not following redirects (as a browser's first request sees it). */
  const read = (url: string) => t.app.inject({ url, headers });

  it('answers 301 at the old slug to the new one, and the new address serves the post', async () => {
    const post = await create('old-name');
    await rename(post, 'new-name');
    const moved = await read('/api/posts/old-name');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/posts/new-name');
    expect(moved.json()).toEqual({ message: 'Blog post moved', slug: 'new-name' });
    // A redirect is asked again each time (a new post may take the old slug).
    expect(moved.headers['cache-control']).toBe('no-cache');
    const current = await read(moved.headers.location as string);
    expect(current.statusCode).toBe(200);
    expect(current.json<ApiPost>().slug).toBe('new-name');
  });

  it('keeps the query, and percent-encodes an Arabic slug', async () => {
    const post = await create('قديم', { language: 'ar' });
    await rename(post, 'جديد-تماما');
    const moved = await read(`/api/posts/${encodeURIComponent('قديم')}?language=ar&x=1`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/posts/${encodeURIComponent('جديد-تماما')}?language=ar&x=1`);
  });

  it('sends every older slug straight to the current one (a→b→c is one hop)', async () => {
    const a = await create('chain-a');
    const b = await rename(a, 'chain-b');
    await rename(b, 'chain-c');
    for (const old of ['chain-a', 'chain-b']) {
      const moved = await read(`/api/posts/${old}`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe('/api/posts/chain-c');
    }
  });

  it('serves the post again at a slug it is renamed back to, with no loop', async () => {
    const a = await create('back-a');
    const b = await rename(a, 'back-b');
    await rename(b, 'back-a');
    const served = await read('/api/posts/back-a');
    expect(served.statusCode).toBe(200);
    expect(served.json<ApiPost>().slug).toBe('back-a');
    const moved = await read('/api/posts/back-b');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/posts/back-a');
  });

  it('lets a new post take a slug another post had, over the redirect, also once that post is renamed away', async () => {
    const first = await create('taken-over');
    await rename(first, 'first-now');
    expect((await read('/api/posts/taken-over')).statusCode).toBe(301);
    const second = await create('taken-over', { title: 'The second post' });
    const served = await read('/api/posts/taken-over');
    expect(served.statusCode).toBe(200);
    expect(served.json<ApiPost>().title).toBe('The second post');
    // The first post's old row is gone: when the second post moves on, its own redirect is the one kept.
    await rename(second, 'second-now', { title: 'The second post' });
    expect((await read('/api/posts/taken-over')).headers.location).toBe('/api/posts/second-now');
  });

  it('answers 404 at the old slugs once the post is deleted', async () => {
    const post = await create('deleted-old');
    await rename(post, 'deleted-new');
    expect((await read('/api/posts/deleted-old')).statusCode).toBe(301);
    const res = await editor.request({ method: 'DELETE', url: '/api/posts/deleted-new' });
    expect(res.statusCode).toBe(200);
    const gone = await read('/api/posts/deleted-old');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Blog post not found' });
  });

  it('does not send the public to a draft, but sends an editor', async () => {
    const post = await create('draft-old', { status: 'draft' });
    await rename(post, 'draft-new');
    expect((await read('/api/posts/draft-old')).statusCode).toBe(404);
    const forEditor = await editor.request({ url: '/api/posts/draft-old' });
    expect(forEditor.statusCode).toBe(301);
    expect(forEditor.headers.location).toBe('/api/posts/draft-new');
  });

  it('never serves the old slug’s kept answer once the rename is answered', async () => {
    const post = await create('cached-old');
    // Read until it comes from memory (on PostgreSQL the create's own announcement arrives a moment later and
    // drops what was kept before it; 5 s is a wide margin for a busy machine).
    const start = Date.now();
    for (;;) {
      const hits = t.app.readCache.stats.hits;
      expect((await read('/api/posts/cached-old')).statusCode).toBe(200);
      if (t.app.readCache.stats.hits > hits) break;
      if (Date.now() - start > 5_000) throw new Error('the answer was never kept');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await rename(post, 'cached-new');
    expect((await read('/api/posts/cached-old')).statusCode).toBe(301);
  });

  describe('the page at /blog/{slug}', () => {
    it('answers 301 to the current slug, with the query, percent-encoding an Arabic slug', async () => {
      const post = await create('page-old');
      await rename(post, 'صفحة-جديدة', { language: 'ar' });
      const moved = await t.app.inject({ url: '/blog/page-old?lng=ar&utm_source=mail' });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/blog/${encodeURIComponent('صفحة-جديدة')}?lng=ar&utm_source=mail`);
      expect(moved.headers['cache-control']).toBe('no-cache');
      const page = await t.app.inject({ url: moved.headers.location as string });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    });

    it('sends a chain in one hop, serves a slug renamed back to, and answers 404 once deleted', async () => {
      const a = await create('page-a');
      const b = await rename(a, 'page-b');
      const c = await rename(b, 'page-c');
      expect((await t.app.inject({ url: '/blog/page-a' })).headers.location).toBe('/blog/page-c');
      await rename(c, 'page-a');
      expect((await t.app.inject({ url: '/blog/page-a' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/blog/page-c' })).headers.location).toBe('/blog/page-a');
      expect((await editor.request({ method: 'DELETE', url: '/api/posts/page-a' })).statusCode).toBe(200);
      for (const old of ['page-a', 'page-b', 'page-c'])
        expect((await t.app.inject({ url: `/blog/${old}` })).statusCode).toBe(404);
    });

    it('gives the page of a new post that takes the old slug, not the redirect', async () => {
      const first = await create('page-taken');
      await rename(first, 'page-first');
      expect((await t.app.inject({ url: '/blog/page-taken' })).statusCode).toBe(301);
      await create('page-taken');
      expect((await t.app.inject({ url: '/blog/page-taken' })).statusCode).toBe(200);
    });

    it('is a 404 for the public at a draft’s old slug', async () => {
      const post = await create('page-draft-old', { status: 'draft' });
      await rename(post, 'page-draft-new');
      expect((await t.app.inject({ url: '/blog/page-draft-old' })).statusCode).toBe(404);
    });
  });

  describe('the sitemap', () => {
    it('lists the current slug only', async () => {
      const post = await create('sitemap-old');
      await rename(post, 'sitemap-new');
      const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
      expect(sitemap).toContain('/blog/sitemap-new<');
      expect(sitemap).not.toContain('/blog/sitemap-old<');
    });
  });
});
