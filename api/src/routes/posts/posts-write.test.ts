import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, storedImageUrl } from '@agency/core/images';
import { MAX_IMAGE_BYTES } from '@agency/core/rules';
import type { Paginated, Post } from '@agency/core/types';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { type FilePart, multipart, signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import {
  HOSTILE_HTML,
  jpegHtmlPolyglot,
  makeImage,
  pixelFloodPng,
  pngOfSize,
  SVG_IMAGE,
} from '../../test/images';

type ApiPost = Post & { created_at: string; updated_at: string };
type Saved = { message: string; data: ApiPost };

let counter = 0;
function validFields(overrides: Record<string, string | FilePart | undefined> = {}) {
  counter += 1;
  return {
    language: 'en',
    title: `A post ${counter}`,
    slug: `a-post-${counter}`,
    status: 'published',
    description: 'What it is about',
    content: '<h2>Heading</h2><p>Some <strong>text</strong>.</p>',
    seo_title: 'SEO title',
    seo_description: 'SEO description',
    published_at: '2026-03-04',
    ...overrides,
  };
}

describeEachDatabase('posts write API', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.0.1');
  });

  async function send(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | FilePart | undefined>,
    browser = editor,
  ) {
    const body = await multipart(fields);
    return browser.request({ method, url, payload: body.payload, headers: body.headers });
  }

  async function create(overrides: Record<string, string | FilePart | undefined> = {}): Promise<ApiPost> {
    const res = await send('POST', '/api/posts', validFields(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Saved>().data;
  }

  /**
   * Asks for every width pages offer of a stored image, and for spellings of one that used to be made too,
   * over HTTP as a browser would; answers the files of that image in the storage folder.
   */
  async function askForWidths(image: string | null): Promise<string[]> {
    const base = (image ?? '').replace(/\.webp$/, '');
    for (const width of IMAGE_WIDTHS)
      expect((await t.app.inject({ url: storedImageUrl(image ?? '', width) })).statusCode).toBe(200);
    for (const spelling of ['0480', '00800', '+1200'])
      await t.app.inject({ url: `/storage/poster_images/${base}-${encodeURIComponent(spelling)}w.webp` });
    return filesOf(image);
  }

  /** The files in the storage folder made for a stored image: itself and any width of it. */
  async function filesOf(image: string | null): Promise<string[]> {
    const base = (image ?? '').replace(/\.webp$/, '');
    return (await readdir(t.app.storage.dir)).filter((name) => name.startsWith(base));
  }

  describe('POST /api/posts', () => {
    it('creates a post and answers it', async () => {
      const fields = validFields({ status: 'draft', language: 'ar', title: '  عنوان  ' });
      const res = await send('POST', '/api/posts', fields);
      expect(res.statusCode).toBe(201);
      const { message, data } = res.json<Saved>();
      expect(message).toBe('post_created');
      expect(data).toMatchObject({
        slug: fields.slug,
        title: 'عنوان',
        status: 'draft',
        language: 'ar',
        description: 'What it is about',
        content: '<h2>Heading</h2><p>Some <strong>text</strong>.</p>',
        seo_title: 'SEO title',
        seo_description: 'SEO description',
        published_at: '2026-03-04T00:00:00.000Z',
        poster_image: null,
        poster_image_url: null,
      });
      expect(data.updated_at).toBe(data.created_at);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('keeps an ISO date-time as written', async () => {
      const post = await create({ published_at: '2026-05-06T07:08:09.123Z' });
      expect(post.published_at).toBe('2026-05-06T07:08:09.123Z');
    });

    it('stores a chosen image re-encoded under a server-made name', async () => {
      const post = await create({
        poster_image: { bytes: await makeImage('png'), filename: '../../x.png', type: 'image/png' },
      });
      expect(post.poster_image).toMatch(/^[0-9a-f]{32}\.webp$/);
      expect(post.poster_image_url).toBe(`/storage/poster_images/${post.poster_image}`);
      const file = await t.app.inject({ url: post.poster_image_url ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('treats the empty file part of an untouched file input as no image', async () => {
      const post = await create({ poster_image: { bytes: Buffer.alloc(0), filename: '' } });
      expect(post.poster_image).toBeNull();
    });

    it('sanitizes the content on write', async () => {
      const post = await create({
        content:
          '<p onclick="x()">ok<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a>' +
          '<iframe srcdoc="<script>alert(1)</script>"></iframe><p style="display:none">shown</p>',
      });
      expect(post.content).toBe('<p>ok</p><a>l</a><p>shown</p>');
    });

    it('answers every problem in the spec order, the first as the message', async () => {
      const res = await send('POST', '/api/posts', { content: '<p><br></p>' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'title_required',
        errors: {
          title: ['title_required'],
          slug: ['slug_required'],
          description: ['description_required'],
          content: ['content_required'],
          seo_title: ['seo_title_required'],
          seo_description: ['seo_description_required'],
          published_at: ['date_required'],
          language: ['language_invalid'],
          status: ['status_invalid'],
        },
      });
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual([
        'title',
        'slug',
        'description',
        'content',
        'seo_title',
        'seo_description',
        'published_at',
        'language',
        'status',
      ]);
    });

    it.each([
      { field: 'title', value: '   ', key: 'title_required' },
      { field: 'slug', value: '', key: 'slug_required' },
      { field: 'description', value: '\n\t', key: 'description_required' },
      { field: 'content', value: '<p> &nbsp; </p>', key: 'content_required' },
      { field: 'content', value: '<script>alert(1)</script><p><br></p>', key: 'content_required' },
      { field: 'seo_title', value: ' ', key: 'seo_title_required' },
      { field: 'seo_description', value: '', key: 'seo_description_required' },
      { field: 'published_at', value: '', key: 'date_required' },
      { field: 'published_at', value: '2026-02-30', key: 'date_required' },
      { field: 'published_at', value: 'yesterday', key: 'date_required' },
      { field: 'language', value: 'fr', key: 'language_invalid' },
      { field: 'status', value: 'archived', key: 'status_invalid' },
      { field: 'slug', value: 'a/b', key: 'slug_invalid' },
      { field: 'slug', value: '../etc', key: 'slug_invalid' },
      { field: 'slug', value: 'a%2Fb', key: 'slug_invalid' },
      { field: 'slug', value: 'a\\b', key: 'slug_invalid' },
      // U+0000 anywhere is refused before the form's own rules (docs/api.md).
      { field: 'slug', value: 'a\u0000b', key: 'character_invalid' },
      { field: 'title', value: 'a\u0000b', key: 'character_invalid' },
      { field: 'slug', value: 'a\u0007b', key: 'slug_invalid' },
      { field: 'slug', value: 'line\nbreak', key: 'slug_invalid' },
      { field: 'slug', value: 'Upper-Case', key: 'slug_invalid' },
      { field: 'slug', value: 'two--hyphens', key: 'slug_invalid' },
      { field: 'slug', value: 'a?b=c', key: 'slug_invalid' },
      { field: 'slug', value: '12345', key: 'slug_invalid' },
      { field: 'slug', value: 'a'.repeat(201), key: 'slug_invalid' },
    ])('answers 422 $key for $field = $value', async ({ field, value, key }) => {
      const res = await send('POST', '/api/posts', validFields({ [field]: value }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: key, errors: { [field]: [key] } });
    });

    it('accepts a slug of exactly 200 characters and an Arabic slug', async () => {
      expect((await create({ slug: 'a'.repeat(200) })).slug).toHaveLength(200);
      expect((await create({ slug: 'تصميم-المواقع-الحديثة' })).slug).toBe('تصميم-المواقع-الحديثة');
    });

    it('answers slug_taken for a slug another post has, in either language', async () => {
      const first = await create({ language: 'en' });
      const res = await send('POST', '/api/posts', validFields({ slug: first.slug, language: 'ar' }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'slug_taken', errors: { slug: ['slug_taken'] } });
    });

    it.each([
      {
        name: 'a 2,097,153-byte image',
        file: async () => ({ bytes: await pngOfSize(MAX_IMAGE_BYTES + 1), type: 'image/png' }),
        key: 'image_size_error',
      },
      {
        name: 'HTML renamed .png',
        file: async () => ({ bytes: Buffer.from(HOSTILE_HTML), filename: 'cat.png', type: 'image/png' }),
        key: 'image_type_error',
      },
      {
        name: 'an SVG',
        file: async () => ({ bytes: Buffer.from(SVG_IMAGE), filename: 'logo.svg', type: 'image/svg+xml' }),
        key: 'image_type_error',
      },
      {
        name: 'a truncated JPEG',
        file: async () => ({
          bytes: (await makeImage('jpeg', { width: 300, height: 300 })).subarray(0, 300),
          type: 'image/jpeg',
        }),
        key: 'image_type_error',
      },
      {
        name: 'a pixel flood',
        file: async () => ({ bytes: pixelFloodPng(), type: 'image/png' }),
        key: 'image_type_error',
      },
    ])('refuses $name as the featured image and stores nothing', async ({ file, key }) => {
      const before = await readdir(t.app.storage.dir);
      const res = await send('POST', '/api/posts', validFields({ poster_image: await file() }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: key, errors: { poster_image: [key] } });
      expect(await readdir(t.app.storage.dir)).toEqual(before);
    });

    it('answers 415 to a body that is not a multipart form', async () => {
      const res = await editor.request({ method: 'POST', url: '/api/posts', payload: validFields() });
      expect(res.statusCode).toBe(415);
    });

    it('answers 413 to a text field over 1 MB', async () => {
      const res = await send(
        'POST',
        '/api/posts',
        validFields({ content: `<p>${'x'.repeat(1024 * 1024)}</p>` }),
      );
      expect(res.statusCode).toBe(413);
    });

    it('answers 401 without a session and 403 without a token, before reading the body', async () => {
      const anonymous = new TestBrowser(t.app);
      await anonymous.fetchCsrf();
      expect((await send('POST', '/api/posts', validFields(), anonymous)).statusCode).toBe(401);
      const noToken = await multipart(validFields());
      const res = await editor.request({
        method: 'POST',
        url: '/api/posts',
        payload: noToken.payload,
        headers: noToken.headers,
        csrf: null,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'csrf_mismatch' });
    });
  });

  describe('what editors see', () => {
    it('lists drafts and future posts to an editor and never to the public', async () => {
      const draft = await create({ status: 'draft', language: 'ar' });
      const future = await create({
        language: 'ar',
        published_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const slugsFor = async (browser: TestBrowser) => {
        const res = await browser.request({ url: '/api/posts?language=ar&per_page=100' });
        return res.json<{ data: Paginated<Post> }>().data.data.map((p) => p.slug);
      };
      expect(await slugsFor(editor)).toEqual(expect.arrayContaining([draft.slug, future.slug]));
      const visitor = new TestBrowser(t.app);
      expect(await slugsFor(visitor)).not.toContain(draft.slug);
      expect(await slugsFor(visitor)).not.toContain(future.slug);
      for (const slug of [draft.slug, future.slug]) {
        expect((await editor.request({ url: `/api/posts/${encodeURIComponent(slug)}` })).statusCode).toBe(
          200,
        );
        const res = await visitor.request({ url: `/api/posts/${encodeURIComponent(slug)}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Blog post not found' });
      }
    });
  });

  describe('PUT /api/posts/:slug', () => {
    it('saves the edit and gives it a new version', async () => {
      const post = await create();
      const res = await send(
        'PUT',
        `/api/posts/${post.slug}`,
        validFields({ slug: `${post.slug}-renamed`, version: post.updated_at }),
      );
      expect(res.statusCode).toBe(200);
      const { message, data } = res.json<Saved>();
      expect(message).toBe('post_updated');
      expect(data.id).toBe(post.id);
      expect(data.slug).toBe(`${post.slug}-renamed`);
      expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(post.updated_at));
      expect(data.created_at).toBe(post.created_at);
      // The old slug now sends its readers to the new one (posts-redirects.test.ts).
      expect((await editor.request({ url: `/api/posts/${post.slug}` })).statusCode).toBe(301);
      expect((await editor.request({ url: `/api/posts/${data.slug}` })).json<ApiPost>().updated_at).toBe(
        data.updated_at,
      );
    });

    it('answers 409 with the server copy to a stale save, and saves nothing', async () => {
      const post = await create();
      const first = await send(
        'PUT',
        `/api/posts/${post.slug}`,
        validFields({ slug: post.slug, title: 'Saved first', version: post.updated_at }),
      );
      expect(first.statusCode).toBe(200);
      const stale = await send(
        'PUT',
        `/api/posts/${post.slug}`,
        validFields({ slug: post.slug, title: 'Saved second', version: post.updated_at }),
      );
      expect(stale.statusCode).toBe(409);
      const body = stale.json<{ message: string; current: Post }>();
      expect(body.message).toBe('post_conflict');
      expect(body.current).toEqual(first.json<Saved>().data);
      expect((await editor.request({ url: `/api/posts/${post.slug}` })).json<Post>().title).toBe(
        'Saved first',
      );
    });

    it('never saves two edits made from the same version, even at the same moment', async () => {
      const post = await create();
      const results = await Promise.all(
        ['one', 'two', 'three'].map((title) =>
          send(
            'PUT',
            `/api/posts/${post.slug}`,
            validFields({ slug: post.slug, title, version: post.updated_at }),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    });

    it('needs the version it edits', async () => {
      const post = await create();
      for (const version of [undefined, '', 'last tuesday']) {
        const res = await send('PUT', `/api/posts/${post.slug}`, validFields({ slug: post.slug, version }));
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: 'version_required',
          errors: { version: ['version_required'] },
        });
      }
    });

    it('keeps its own slug but not another post’s', async () => {
      const [a, b] = [await create(), await create()];
      const same = await send(
        'PUT',
        `/api/posts/${a.slug}`,
        validFields({ slug: a.slug, version: a.updated_at }),
      );
      expect(same.statusCode).toBe(200);
      const taken = await send(
        'PUT',
        `/api/posts/${a.slug}`,
        validFields({ slug: b.slug, version: same.json<Saved>().data.updated_at }),
      );
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual({ message: 'slug_taken', errors: { slug: ['slug_taken'] } });
    });

    it('keeps the image without a new file, replaces it with one and takes it off on request; the media library keeps the old ones', async () => {
      const post = await create({ poster_image: { bytes: await makeImage('jpeg'), type: 'image/jpeg' } });
      const original = path.join(t.app.storage.dir, post.poster_image ?? '');
      const kept = (
        await send(
          'PUT',
          `/api/posts/${post.slug}`,
          validFields({ slug: post.slug, version: post.updated_at }),
        )
      ).json<Saved>().data;
      expect(kept.poster_image).toBe(post.poster_image);
      expect(await askForWidths(post.poster_image)).toHaveLength(1 + IMAGE_WIDTHS.length);

      const replaced = (
        await send(
          'PUT',
          `/api/posts/${post.slug}`,
          validFields({
            slug: post.slug,
            version: kept.updated_at,
            poster_image: { bytes: await makeImage('gif') },
          }),
        )
      ).json<Saved>().data;
      expect(replaced.poster_image).toMatch(/^[0-9a-f]{32}\.webp$/);
      expect(replaced.poster_image).not.toBe(post.poster_image);
      // The image it had is the library's, to be chosen again or deleted there (nothing uses it now).
      expect(existsSync(original)).toBe(true);
      expect(await t.app.media.has(post.poster_image ?? '')).toBe(true);
      expect(await askForWidths(replaced.poster_image)).toHaveLength(1 + IMAGE_WIDTHS.length);

      const removed = (
        await send(
          'PUT',
          `/api/posts/${post.slug}`,
          validFields({ slug: post.slug, version: replaced.updated_at, remove_poster_image: '1' }),
        )
      ).json<Saved>().data;
      expect(removed.poster_image).toBeNull();
      expect(await filesOf(replaced.poster_image)).toHaveLength(1 + IMAGE_WIDTHS.length);
      expect(await t.app.media.has(replaced.poster_image ?? '')).toBe(true);
    });

    it('answers 404 for a post that does not exist', async () => {
      const res = await send(
        'PUT',
        '/api/posts/no-such-post',
        validFields({ version: new Date().toISOString() }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Blog post not found' });
    });
  });

  describe('DELETE /api/posts/:slug (an id or a slug)', () => {
    it('deletes by id, and by slug; its image stays in the media library', async () => {
      const byId = await create({ poster_image: { bytes: await makeImage('webp') } });
      expect(await askForWidths(byId.poster_image)).toHaveLength(1 + IMAGE_WIDTHS.length);
      const res = await editor.request({ method: 'DELETE', url: `/api/posts/${byId.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'post_deleted' });
      expect(await filesOf(byId.poster_image)).toHaveLength(1 + IMAGE_WIDTHS.length);
      expect(await t.app.media.has(byId.poster_image ?? '')).toBe(true);
      expect((await editor.request({ url: `/api/posts/${byId.slug}` })).statusCode).toBe(404);

      const bySlug = await create({ slug: 'تدوينة-للحذف' });
      const again = await editor.request({
        method: 'DELETE',
        url: `/api/posts/${encodeURIComponent(bySlug.slug)}`,
      });
      expect(again.statusCode).toBe(200);
      expect((await editor.request({ url: `/api/posts/${byId.id}`, method: 'DELETE' })).statusCode).toBe(404);
    });

    it('reads an all-digit segment as an id, never as a slug (slugs are never digits only)', async () => {
      const target = await create();
      const other = await create({ slug: `${target.id}-and-more` });
      const res = await editor.request({ method: 'DELETE', url: `/api/posts/${target.id}` });
      expect(res.statusCode).toBe(200);
      expect((await editor.request({ url: `/api/posts/${other.slug}` })).statusCode).toBe(200);
      const digits = await send('POST', '/api/posts', validFields({ slug: String(other.id) }));
      expect(digits.json()).toEqual({ message: 'slug_invalid', errors: { slug: ['slug_invalid'] } });
    });

    it.each(['999999', '99999999999999999999', 'no-such-post', 'Bad%20Slug', '..'])(
      'answers 404 for %s',
      async (segment) => {
        const res = await editor.request({ method: 'DELETE', url: `/api/posts/${segment}` });
        expect(res.statusCode).toBe(404);
      },
    );

    it('needs a session and a token', async () => {
      const post = await create();
      const anonymous = new TestBrowser(t.app);
      await anonymous.fetchCsrf();
      expect((await anonymous.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(
        401,
      );
      expect(
        (await editor.request({ method: 'DELETE', url: `/api/posts/${post.id}`, csrf: null })).statusCode,
      ).toBe(403);
      expect((await editor.request({ url: `/api/posts/${post.slug}` })).statusCode).toBe(200);
    });
  });

  describe('POST /api/upload-image', () => {
    async function upload(file: FilePart | undefined, browser = editor) {
      const body = await multipart({ poster_image: file });
      return browser.request({
        method: 'POST',
        url: '/api/upload-image',
        payload: body.payload,
        headers: body.headers,
      });
    }

    it('answers the image URL as a JSON string; the file is served as a WebP, nosniff, cached for a year', async () => {
      const res = await upload({
        bytes: await makeImage('avif'),
        filename: '<script>alert(1)</script>.avif',
        type: 'image/avif',
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const url = res.json<string>();
      expect(url).toMatch(/^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/);
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(file.headers['content-security-policy'])).toContain('sandbox');
      expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    });

    it('keeps only the pixels of a JPEG/HTML polyglot', async () => {
      const res = await upload({
        bytes: await jpegHtmlPolyglot(HOSTILE_HTML),
        filename: 'x.html',
        type: 'text/html',
      });
      expect(res.statusCode).toBe(201);
      const stored = await readFile(path.join(t.app.storage.dir, path.basename(res.json<string>())));
      expect(stored.includes(Buffer.from('<script'))).toBe(false);
    });

    it.each([
      {
        name: 'exactly 2,097,152 bytes',
        file: async () => ({ bytes: await pngOfSize(MAX_IMAGE_BYTES) }),
        status: 201,
      },
      {
        name: '2,097,153 bytes',
        file: async () => ({ bytes: await pngOfSize(MAX_IMAGE_BYTES + 1) }),
        status: 422,
        key: 'image_size_error',
      },
      {
        name: 'HTML renamed .png',
        file: async () => ({ bytes: Buffer.from(HOSTILE_HTML), filename: 'a.png', type: 'image/png' }),
        status: 422,
        key: 'image_type_error',
      },
      {
        name: 'SVG',
        file: async () => ({ bytes: Buffer.from(SVG_IMAGE), type: 'image/svg+xml' }),
        status: 422,
        key: 'image_type_error',
      },
      {
        name: 'a truncated PNG',
        file: async () => ({ bytes: (await makeImage('png', { width: 400, height: 400 })).subarray(0, 200) }),
        status: 422,
        key: 'image_type_error',
      },
      {
        name: 'a pixel flood',
        file: async () => ({ bytes: pixelFloodPng() }),
        status: 422,
        key: 'image_type_error',
      },
      { name: 'no file', file: async () => undefined, status: 422, key: 'image_type_error' },
    ])('$name: $status', async ({ file, status, key }) => {
      const res = await upload(await file());
      expect(res.statusCode).toBe(status);
      if (key) expect(res.json()).toEqual({ message: key, errors: { poster_image: [key] } });
    });

    it('needs a session and a token', async () => {
      const anonymous = new TestBrowser(t.app);
      await anonymous.fetchCsrf();
      expect((await upload({ bytes: await makeImage('png') }, anonymous)).statusCode).toBe(401);
      const body = await multipart({ poster_image: { bytes: await makeImage('png') } });
      const res = await editor.request({
        method: 'POST',
        url: '/api/upload-image',
        payload: body.payload,
        headers: body.headers,
        csrf: 'forged',
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
