import { readdir } from 'node:fs/promises';
import type { Paginated, Post, PostTranslation } from '@agency/core/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { type FilePart, multipart, signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeImage } from '../../test/images';
import { DAY_MS, insertPosts, postForm } from '../../test/posts';

type ApiPost = Post & { created_at: string; updated_at: string; translations: PostTranslation[] };
type Saved = { message: string; data: ApiPost };
type FormError = { message: string; errors: Record<string, string[]> };
type Fields = Record<string, string | FilePart | undefined>;

let counter = 0;
function fields(overrides: Fields = {}): Fields {
  counter += 1;
  return postForm({ title: `Story ${counter}`, slug: `story-${counter}`, ...overrides });
}

/** The form a save sends for a post as it is now, with some fields changed. */
function formOf(post: ApiPost, overrides: Record<string, string | undefined> = {}) {
  return {
    language: post.language,
    title: post.title,
    slug: post.slug,
    status: post.status,
    description: post.description,
    content: post.content,
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    published_at: post.published_at,
    version: post.updated_at,
    ...overrides,
  };
}

const link = (post: ApiPost): PostTranslation => ({
  id: post.id,
  language: post.language,
  slug: post.slug,
  title: post.title,
  status: post.status,
});

describeEachDatabase('translations of posts', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.0.7');
  });

  async function send(method: 'POST' | 'PUT', url: string, form: Fields) {
    const body = await multipart(form);
    return editor.request({ method, url, payload: body.payload, headers: body.headers });
  }
  async function create(overrides: Fields = {}): Promise<ApiPost> {
    const res = await send('POST', '/api/posts', fields(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Saved>().data;
  }
  async function save(post: ApiPost, overrides: Record<string, string | undefined> = {}) {
    return send('PUT', `/api/posts/${encodeURIComponent(post.slug)}`, formOf(post, overrides));
  }
  async function saved(post: ApiPost, overrides: Record<string, string | undefined> = {}): Promise<ApiPost> {
    const res = await save(post, overrides);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Saved>().data;
  }
  /** The post as an editor reads it. */
  async function edited(slug: string): Promise<ApiPost> {
    const res = await editor.request({ url: `/api/posts/${encodeURIComponent(slug)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ApiPost>();
  }
  /** The post as the public reads it (through the read cache). */
  async function publicly(slug: string): Promise<ApiPost> {
    const res = await t.app.inject({
      url: `/api/posts/${encodeURIComponent(slug)}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ApiPost>();
  }
  function refusedWith(res: { statusCode: number; json<T>(): T }, key: string) {
    expect(res.statusCode).toBe(422);
    const body = res.json<FormError>();
    expect(body.errors.translation_of).toEqual([key]);
    expect(body.message).toBe(key);
  }

  it('links a new post to its translation, and each lists the other', async () => {
    const english = await create();
    expect(english.translations).toEqual([]);
    const arabic = await create({ language: 'ar', title: 'قصة', translation_of: String(english.id) });
    expect(arabic.translations).toEqual([link(english)]);
    expect((await edited(english.slug)).translations).toEqual([link(arabic)]);
    expect((await publicly(english.slug)).translations).toEqual([link(arabic)]);
  });

  it('shows the public a translation only once it is published and its date has come', async () => {
    const english = await create();
    const arabic = await create({ language: 'ar', status: 'draft', translation_of: String(english.id) });
    // The public's answer is kept in memory: the translation's publication must drop it.
    expect((await publicly(english.slug)).translations).toEqual([]);
    expect((await edited(english.slug)).translations).toEqual([link(arabic)]);
    const published = await saved(arabic, { status: 'published' });
    expect((await publicly(english.slug)).translations).toEqual([link(published)]);
    // Renamed: the other post's answer shows the new title and slug at once.
    const renamed = await saved(published, { title: 'عنوان جديد', slug: 'new-arabic-slug' });
    expect((await publicly(english.slug)).translations).toEqual([link(renamed)]);

    const later = new Date(Date.now() + 2_000).toISOString();
    const first = await create();
    const scheduled = await create({ language: 'ar', published_at: later, translation_of: String(first.id) });
    expect((await publicly(first.slug)).translations).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect((await publicly(first.slug)).translations).toEqual([link(scheduled)]);
  });

  it('refuses a link the rules do not allow, with a message key, and writes nothing', async () => {
    const english = await create();
    const otherEnglish = await create();
    refusedWith(
      await send('POST', '/api/posts', fields({ translation_of: String(otherEnglish.id) })),
      'translation_same_language',
    );
    refusedWith(
      await send('POST', '/api/posts', fields({ language: 'ar', translation_of: '999999' })),
      'translation_not_found',
    );
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999'])
      refusedWith(
        await send('POST', '/api/posts', fields({ language: 'ar', translation_of: bad })),
        'translation_invalid',
      );
    refusedWith(await save(english, { translation_of: String(english.id) }), 'translation_not_found');

    const arabic = await create({ language: 'ar', translation_of: String(english.id) });
    const refused = fields({ language: 'ar', translation_of: String(english.id) });
    refusedWith(await send('POST', '/api/posts', refused), 'translation_taken');
    // Nothing was written: the slug is free, and the link is as it was.
    const missing = await editor.request({ url: `/api/posts/${refused.slug}` });
    expect(missing.statusCode).toBe(404);
    expect((await edited(english.slug)).translations).toEqual([link(arabic)]);
  });

  it('takes a post out of its link with an empty value, and leaves the link alone without the field', async () => {
    const english = await create();
    const arabic = await create({ language: 'ar', translation_of: String(english.id) });
    const retitled = await saved(await edited(english.slug), { title: 'Retitled' });
    expect(retitled.translations).toEqual([link(arabic)]);
    const alone = await saved(retitled, { translation_of: '' });
    expect(alone.translations).toEqual([]);
    expect((await edited(arabic.slug)).translations).toEqual([]);
    expect((await publicly(arabic.slug)).translations).toEqual([]);
  });

  it('moves a link to another post, leaving the former translation alone', async () => {
    const english = await create();
    const first = await create({ language: 'ar', translation_of: String(english.id) });
    const second = await create({ language: 'ar' });
    const moved = await saved(await edited(english.slug), { translation_of: String(second.id) });
    expect(moved.translations).toEqual([link(second)]);
    expect((await edited(first.slug)).translations).toEqual([]);
    expect((await publicly(second.slug)).translations).toEqual([link(moved)]);
  });

  it('unlinks a post whose language changes', async () => {
    const english = await create();
    const arabic = await create({ language: 'ar', translation_of: String(english.id) });
    const nowEnglish = await saved(arabic, { language: 'en' });
    expect(nowEnglish.translations).toEqual([]);
    expect((await edited(english.slug)).translations).toEqual([]);
  });

  it('unlinks the translation of a deleted post, and never deletes it', async () => {
    const english = await create();
    const arabic = await create({ language: 'ar', translation_of: String(english.id) });
    expect((await publicly(arabic.slug)).translations).toEqual([link(english)]);
    const res = await editor.request({ method: 'DELETE', url: `/api/posts/${english.id}` });
    expect(res.statusCode).toBe(200);
    expect((await edited(arabic.slug)).translations).toEqual([]);
    expect((await publicly(arabic.slug)).translations).toEqual([]);
    // It can be linked again.
    const again = await create({ translation_of: String(arabic.id) });
    expect(again.translations).toEqual([link(await edited(arabic.slug))]);
  });

  it('links one post of each language, when two editors link the same post at once', async () => {
    const english = await create();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send('POST', '/api/posts', fields({ language: 'ar', translation_of: String(english.id) })),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422]);
    for (const res of answers.filter((one) => one.statusCode === 422)) refusedWith(res, 'translation_taken');
    expect((await edited(english.slug)).translations).toHaveLength(1);
  });

  it("lists each post's translations to an editor, who can ask for the posts missing one; the public's list has none", async () => {
    const [old] = await insertPosts(database.db, [{ language: 'en', status: 'draft' }]);
    const english = await create();
    const arabic = await create({ language: 'ar', status: 'draft', translation_of: String(english.id) });
    const all = await editor.request({ url: '/api/posts?per_page=100' });
    const items = all.json<{ data: Paginated<ApiPost> }>().data.data;
    expect(items.find((item) => item.id === english.id)?.translations).toEqual([link(arabic)]);
    // A post written before translations existed, or never linked, has none.
    expect(items.find((item) => item.id === old?.id)?.translations).toEqual([]);

    const missing = await editor.request({ url: '/api/posts?per_page=100&translation=missing' });
    const body = missing.json<{ data: Paginated<ApiPost> }>().data;
    const ids = body.data.map((item) => item.id);
    expect(ids).toContain(old?.id);
    expect(ids).not.toContain(english.id);
    expect(ids).not.toContain(arabic.id);
    expect(body.data.every((item) => item.translations?.length === 0)).toBe(true);
    expect(body.links.find((one) => one.url)?.url ?? '').toContain('translation=missing');

    const publicList = await t.app.inject({
      url: '/api/posts?per_page=100&translation=missing',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    const publicItems = publicList.json<{ data: Paginated<ApiPost> }>().data.data;
    expect(publicItems.map((item) => item.id)).toContain(english.id);
    expect(publicItems.every((item) => !('translations' in item))).toBe(true);
  });

  it('finds the posts by the words of their title, for the picker of a translation; the public too, when published', async () => {
    const arabic = await create({
      language: 'ar',
      title: 'دليل السرعة 100% للمتاجر',
      slug: `دليل-${counter}`,
    });
    const english = await create({ title: 'The SPEED_guide for shops' });
    const other = await create({ title: 'Speedy nothing' });
    const search = async (q: string, extra = '') => {
      const res = await editor.request({ url: `/api/posts?per_page=100${extra}&q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Paginated<ApiPost> }>().data;
    };
    // Any case, every word of the query in the title; Arabic as written.
    expect((await search('speed_GUIDE')).data.map((item) => item.id)).toEqual([english.id]);
    expect((await search('السرعة', '&language=ar')).data.map((item) => item.id)).toEqual([arabic.id]);
    // LIKE's wildcards are no wildcards: word breaks, like any punctuation.
    expect((await search('100%')).data.map((item) => item.id)).toEqual([arabic.id]);
    expect((await search('speed_')).data.map((item) => item.id).sort()).toEqual(
      [english.id, other.id].sort(),
    );
    expect((await search('%')).data).toEqual([]);
    const page = await search('speed');
    expect(page.data.map((item) => item.id).sort()).toEqual([english.id, other.id].sort());
    expect(page.links.find((one) => one.url)?.url ?? '').toContain('q=speed');
    // Too long a search is refused like any bad query.
    const long = await editor.request({ url: `/api/posts?q=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(422);

    const publicList = await t.app.inject({
      url: '/api/posts?per_page=100&q=speed_GUIDE',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(publicList.json<{ data: Paginated<ApiPost> }>().data.data.map((item) => item.id)).toEqual([
      english.id,
    ]);
  });

  describe('a translation that keeps the featured image of the post it translates', () => {
    async function imageBytes(post: ApiPost): Promise<Buffer> {
      const res = await t.app.inject({ url: post.poster_image_url ?? '' });
      expect(res.statusCode, post.poster_image_url ?? 'no image').toBe(200);
      return res.rawPayload;
    }
    const storedFiles = async () => (await readdir(t.app.storage.dir)).sort();
    const png = async (): Promise<FilePart> => ({ bytes: await makeImage('png'), type: 'image/png' });

    it('shares it, through the media library: no second file, and deleting either post leaves it', async () => {
      const english = await create({ poster_image: await png() });
      const before = await storedFiles();
      const arabic = await create({
        language: 'ar',
        translation_of: String(english.id),
        keep_translation_image: '1',
      });
      expect(arabic.poster_image).toBe(english.poster_image);
      expect(await storedFiles()).toEqual(before);

      const deleted = await editor.request({ method: 'DELETE', url: `/api/posts/${english.id}` });
      expect(deleted.statusCode).toBe(200);
      expect((await edited(arabic.slug)).poster_image).toBe(english.poster_image);
      expect((await imageBytes(arabic)).length).toBeGreaterThan(0);
    });

    it('takes nothing when the image was deleted from the library meanwhile', async () => {
      const english = await create({ poster_image: await png() });
      // Deleted as the library's Delete would, were nothing using it.
      await t.app.media.discard(english.poster_image);
      const arabic = await create({
        language: 'ar',
        translation_of: String(english.id),
        keep_translation_image: '1',
      });
      expect(arabic.poster_image).toBeNull();
    });

    it('takes nothing without a link, for a post with no image, or when a file is chosen instead', async () => {
      const english = await create({ poster_image: await png() });
      const unlinked = await create({ language: 'ar', keep_translation_image: '1' });
      expect(unlinked.poster_image).toBeNull();

      const bare = await create();
      const ofBare = await create({
        language: 'ar',
        translation_of: String(bare.id),
        keep_translation_image: '1',
      });
      expect(ofBare.poster_image).toBeNull();

      const chosen = await makeImage('png', { width: 32, height: 32 });
      const own = await create({
        language: 'ar',
        translation_of: String(english.id),
        keep_translation_image: '1',
        poster_image: { bytes: chosen, type: 'image/png' },
      });
      expect(own.poster_image).not.toBe(english.poster_image);
      expect(await imageBytes(own)).not.toEqual(await imageBytes(english));
    });

    it('is described in OpenAPI for create only', async () => {
      type Body = {
        requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      };
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
        paths: Record<string, { post?: Body; put?: Body }>;
      }>();
      const fieldsOf = (body: Body | undefined) =>
        Object.keys(body?.requestBody?.content['multipart/form-data']?.schema.properties ?? {});
      const create = doc.paths['/api/posts/']?.post ?? doc.paths['/api/posts']?.post;
      expect(fieldsOf(create)).toContain('keep_translation_image');
      expect(fieldsOf(create)).toContain('translation_of');
      const update = fieldsOf(doc.paths['/api/posts/{slug}']?.put);
      expect(update).toContain('version');
      expect(update).not.toContain('keep_translation_image');
    });

    it('copies no image for a link the rules refuse, and leaves no file behind', async () => {
      const english = await create({ poster_image: await png() });
      const before = await storedFiles();
      const res = await send(
        'POST',
        '/api/posts',
        fields({ translation_of: String(english.id), keep_translation_image: '1' }),
      );
      refusedWith(res, 'translation_same_language');
      expect(await storedFiles()).toEqual(before);
    });
  });

  it('a post dated in the future shows no translation to the public until then', async () => {
    const [future] = await insertPosts(database.db, [
      { language: 'ar', publishedAt: new Date(Date.now() + 30 * DAY_MS) },
    ]);
    const english = await create({ translation_of: String(future?.id) });
    expect((await publicly(english.slug)).translations).toEqual([]);
    expect((await edited(english.slug)).translations.map((one) => one.id)).toEqual([future?.id]);
  });
});
