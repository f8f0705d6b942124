import { readdir } from 'node:fs/promises';
import { IMAGE_WIDTHS } from '@agency/core/images';
import type { MediaItem, MediaUse } from '@agency/core/rules';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { auditLog, posts, services } from '../../db/schema';
import { storeImage } from '../../lib/storage';
import { storedImageNames } from '../../plugins/media-repository';
import { useTestApp } from '../../test/app';
import { AUTHOR, type FilePart, multipart, signedIn, signedInAuthor, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeImage } from '../../test/images';
import { postForm, postValues } from '../../test/posts';

interface Page {
  data: MediaItem[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  links: { url: string | null }[];
}

let counter = 0;

describeEachDatabase('media library', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  let author: TestBrowser;

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.26.0.1');
    author = await signedInAuthor(t.app, database.db, '10.26.0.2');
  });

  /** Uploads an image as the editor's inline upload does; answers its library entry. */
  async function upload(filename: string, browser = editor, size = 40): Promise<MediaItem> {
    const bytes = await makeImage('png', { width: size, height: Math.round(size / 2) });
    const res = await browser.request({
      method: 'POST',
      url: '/api/upload-image',
      ...(await multipart({ poster_image: { bytes, filename, type: 'image/png' } })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<string>();
    const found = await list(browser, '');
    const item = found.data.find((m) => m.url === url);
    if (!item) throw new Error(`${url} is not in the library`);
    return item;
  }

  async function list(browser: TestBrowser, query: string): Promise<Page> {
    const res = await browser.request({ url: `/api/media${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ data: Page }>().data;
  }

  async function one(id: number): Promise<MediaItem> {
    const res = await editor.request({ url: `/api/media/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: MediaItem }>().data;
  }

  function changeAlt(id: number, body: unknown, browser = editor) {
    return browser.request({ method: 'PUT', url: `/api/media/${id}`, payload: body as object });
  }

  async function createPost(fields: Record<string, string | FilePart | undefined>, browser = editor) {
    counter += 1;
    return browser.request({
      method: 'POST',
      url: '/api/posts',
      ...(await multipart(postForm({ title: `Media ${counter}`, slug: `media-${counter}`, ...fields }))),
    });
  }

  describe('GET /api/media', () => {
    it('lists every upload newest first, with its file name, size, pixels, uploader and no use yet', async () => {
      const first = await upload('C:\\Users\\me\\Desktop\\team photo.PNG', editor, 64);
      const second = await upload('office\u202Egnp.exe', author, 48);
      const page = await list(editor, '');
      expect(page.data.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id]);
      // The browser's name is a label: no folders, no control or direction marks.
      expect(first.file_name).toBe('team photo.PNG');
      expect(second.file_name).toBe('officegnp.exe');
      expect(first).toMatchObject({
        url: `/storage/poster_images/${first.name}`,
        width: 64,
        height: 32,
        alt: { en: '', ar: '' },
        uses: [],
        uploaded_by: { name: expect.any(String) },
      });
      expect(first.name).toMatch(/^[0-9a-f]{32}\.webp$/);
      const files = await readdir(t.app.storage.dir);
      expect(files).toContain(first.name);
      expect(first.bytes).toBeGreaterThan(0);
      expect(second.uploaded_by?.name).toBe(AUTHOR.name);
      // Authors see and use the library too.
      expect((await list(author, '')).total).toBe(page.total);
    });

    it('pages the list, the links keeping the search', async () => {
      await upload('pager-one.png');
      await upload('pager-two.png');
      await upload('pager-three.png');
      const page = await list(editor, '?q=pager&per_page=2');
      expect(page).toMatchObject({ total: 3, per_page: 2, last_page: 2, current_page: 1 });
      expect(page.links.map((l) => l.url)).toContain('/api/media?q=pager&per_page=2&page=2');
      expect((await list(editor, '?q=pager&per_page=2&page=2')).data).toHaveLength(1);
      expect((await list(editor, '?q=pager&page=9')).data).toEqual([]);
    });

    it('searches file names and both alt texts, every word, Arabic letter forms and marks made one', async () => {
      const hamza = await upload('portrait.png');
      const marks = await upload('founder.png');
      const english = await upload('Harbour-Sunset.png');
      for (const [item, alt] of [
        [hamza, { en: 'Our founder at work', ar: 'أحمد في المكتب' }],
        [marks, { en: '', ar: 'مُحَمَّدٌ في المدرسة' }],
        [english, { en: 'Boats at dusk', ar: '' }],
      ] as const) {
        expect((await changeAlt(item.id, { alt, version: item.version })).statusCode).toBe(200);
      }
      const ids = async (q: string) =>
        (await list(editor, `?q=${encodeURIComponent(q)}`)).data.map((m) => m.id).sort();
      expect(await ids('احمد')).toEqual([hamza.id]);
      expect(await ids('محمد')).toEqual([marks.id]);
      expect(await ids('مدرسه')).toEqual([marks.id]);
      expect(await ids('harbour sunset')).toEqual([english.id]);
      expect(await ids('BOATS')).toEqual([english.id]);
      expect(await ids('founder')).toEqual([hamza.id, marks.id].sort());
      expect(await ids('founder office')).toEqual([]);
      expect(await ids('no-such-words-anywhere')).toEqual([]);
    });

    it('refuses a query too long or holding a control character, and answers 401 without a session', async () => {
      const long = await editor.request({ url: `/api/media?q=${'a'.repeat(201)}` });
      expect(long.statusCode).toBe(422);
      expect(long.json()).toEqual({ message: 'search_too_long', errors: { q: ['search_too_long'] } });
      const control = await editor.request({ url: '/api/media?q=a%07b' });
      expect(control.json()).toMatchObject({ errors: { q: ['search_character_invalid'] } });
      expect((await editor.request({ url: '/api/media?page=0' })).statusCode).toBe(422);
      const anonymous = new TestBrowser(t.app);
      expect((await anonymous.request({ url: '/api/media' })).statusCode).toBe(401);
      expect((await anonymous.request({ url: '/api/media/1' })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/media/:id (alt texts)', () => {
    it('saves both languages under the version check, for editors only', async () => {
      const item = await upload('alt.png');
      const saved = await changeAlt(item.id, {
        alt: { en: '  A red bicycle  ', ar: 'دراجة حمراء' },
        version: item.version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const data = saved.json<{ message: string; data: MediaItem }>();
      expect(data.message).toBe('media_updated');
      expect(data.data.alt).toEqual({ en: 'A red bicycle', ar: 'دراجة حمراء' });
      expect(data.data.version).not.toBe(item.version);
      expect((await one(item.id)).alt.ar).toBe('دراجة حمراء');

      const stale = await changeAlt(item.id, { alt: { en: 'Mine', ar: '' }, version: item.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ message: 'media_conflict', current: { alt: data.data.alt } });

      const long = await changeAlt(item.id, {
        alt: { en: 'x'.repeat(301), ar: 7 },
        version: data.data.version,
      });
      expect(long.statusCode).toBe(422);
      expect(long.json()).toEqual({
        message: 'too_long',
        errors: { 'alt.en': ['too_long'], 'alt.ar': ['invalid_type'] },
      });
      const versionless = await changeAlt(item.id, { alt: { en: 'a', ar: 'b' } });
      expect(versionless.json()).toMatchObject({ errors: { version: ['version_required'] } });

      const byAuthor = await changeAlt(
        item.id,
        { alt: { en: 'a', ar: 'b' }, version: data.data.version },
        author,
      );
      expect(byAuthor.statusCode).toBe(403);
      expect((await changeAlt(999_999, { alt: {}, version: item.version })).statusCode).toBe(404);
      expect((await editor.request({ url: '/api/media/999999' })).json()).toEqual({
        message: 'media_not_found',
      });
    });
  });

  describe('using an image', () => {
    it('makes a library image a featured image without uploading it again, for authors too', async () => {
      const item = await upload('featured.png');
      const before = (await readdir(t.app.storage.dir)).length;
      const res = await createPost({ library_image: item.name, status: 'draft' }, author);
      expect(res.statusCode, res.body).toBe(201);
      const post = res.json<{ data: { poster_image: string; slug: string } }>().data;
      expect(post.poster_image).toBe(item.name);
      expect((await readdir(t.app.storage.dir)).length).toBe(before);
      expect((await one(item.id)).uses).toEqual([
        expect.objectContaining({
          kind: 'post',
          role: 'featured',
          language: 'en',
          edit_url: `/edit_blog/${post.slug}`,
        }),
      ]);
    });

    it('refuses a name the library does not have, and lets a file sent with it win', async () => {
      for (const name of ['0123456789abcdef0123456789abcdef.webp', '../etc/passwd', 'x']) {
        const res = await createPost({ library_image: name });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: 'image_not_found',
          errors: { poster_image: ['image_not_found'] },
        });
      }
      const item = await upload('loses.png');
      const res = await createPost({
        library_image: item.name,
        poster_image: { bytes: await makeImage('png'), type: 'image/png', filename: 'wins.png' },
      });
      const post = res.json<{ data: { poster_image: string } }>().data;
      expect(post.poster_image).not.toBe(item.name);
      // A featured image uploaded with the post is in the library under its own name.
      const uploaded = (await list(editor, '?q=wins')).data[0];
      expect(uploaded?.name).toBe(post.poster_image);
    });

    it('finds the uses of every kind, an image twice in one text counting once', async () => {
      const item = await upload('everywhere.png');
      const inline = `<p>One <img src="${item.url}" alt="a"> two <img src="${item.url}" alt="b"></p>`;
      const post = await createPost({ content: inline, status: 'draft' });
      expect(post.statusCode, post.body).toBe(201);
      const logo = await editor.request({
        method: 'POST',
        url: '/api/client-logos/items',
        payload: { language: 'ar', name: 'شعار', image: item.url },
      });
      expect(logo.statusCode, logo.body).toBe(201);
      // A service's picture, as its editor's save writes it.
      const [service] = await database.db
        .update(services)
        .set({ imagePath: item.url })
        .where(eq(services.key, 'seo'))
        .returning();
      const uses = (await one(item.id)).uses;
      expect(uses.map((u: MediaUse) => [u.kind, u.role, u.language])).toEqual([
        ['client_logo', 'image', 'ar'],
        ['post', 'inline', 'en'],
        ['service', 'image', 'en'],
        ['service', 'image', 'ar'],
      ]);
      const logoId = logo.json<{ data: { id: number } }>().data.id;
      expect(uses[0]).toMatchObject({ title: 'شعار', edit_url: `/site/logos/${logoId}` });
      // One use per language the service is written in, each opening its screen in that language.
      expect(uses[2]?.edit_url).toBe(`/site/services/${service?.slug}?language=en`);
      expect(uses[3]?.edit_url).toBe(`/site/services/${service?.slug}?language=ar`);
    });
  });

  describe('DELETE /api/media/:id', () => {
    it('keeps an image in use, saying where; deletes it with its widths once nothing uses it', async () => {
      const item = await upload('in-use.png');
      const created = await createPost({ library_image: item.name });
      const post = created.json<{ data: { id: number; title: string } }>().data;
      // Its widths, as pages ask for them.
      for (const width of IMAGE_WIDTHS) {
        const variant = item.url.replace(/\.webp$/, `-${width}w.webp`);
        expect((await t.app.inject({ url: variant })).statusCode).toBe(200);
      }
      const refused = await editor.request({ method: 'DELETE', url: `/api/media/${item.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'media_in_use',
        uses: [expect.objectContaining({ kind: 'post', role: 'featured', id: post.id, title: post.title })],
      });
      expect(await readdir(t.app.storage.dir)).toContain(item.name);

      expect((await editor.request({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(200);
      expect((await author.request({ method: 'DELETE', url: `/api/media/${item.id}` })).statusCode).toBe(403);
      const deleted = await editor.request({ method: 'DELETE', url: `/api/media/${item.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: 'media_deleted' });
      // The trail says who deleted which image.
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'media_deleted'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({
        targetType: 'media',
        targetId: String(item.id),
        targetLabel: 'in-use.png',
        details: { name: item.name },
      });
      expect(entry?.actorId).not.toBeNull();
      const stem = item.name.replace(/\.webp$/, '');
      expect((await readdir(t.app.storage.dir)).filter((f) => f.startsWith(stem))).toEqual([]);
      expect((await editor.request({ url: `/api/media/${item.id}` })).statusCode).toBe(404);
      expect((await editor.request({ method: 'DELETE', url: `/api/media/${item.id}` })).statusCode).toBe(404);
    });
  });

  describe('an image deleted while a post is written with it', () => {
    it('refuses a save that puts into the text an image the library no longer has', async () => {
      const post = (await createPost({ status: 'draft' })).json<{
        data: { slug: string; updated_at: string; title: string };
      }>().data;
      const item = await upload('gone-soon.png');
      expect((await editor.request({ method: 'DELETE', url: `/api/media/${item.id}` })).statusCode).toBe(200);
      const res = await editor.request({
        method: 'PUT',
        url: `/api/posts/${post.slug}`,
        ...(await multipart(
          postForm({
            title: post.title,
            slug: post.slug,
            status: 'draft',
            version: post.updated_at,
            content: `<p>Look: <img src="${item.url}" alt="x"></p>`,
          }),
        )),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'content_image_not_found',
        errors: { content: ['content_image_not_found'] },
      });
    });

    it('makes a Delete that comes during the save wait for it, and then see the use', async () => {
      const item = await upload('contended.png');
      let deleting: Promise<{ statusCode: number }> | undefined;
      await database.db.transaction(async (tx) => {
        // What a save does first: the images it adds are locked until it commits.
        expect(await t.app.media.missing(tx, [item.name, '0123456789abcdef0123456789abcdef.webp'])).toEqual([
          '0123456789abcdef0123456789abcdef.webp',
        ]);
        deleting = editor.request({ method: 'DELETE', url: `/api/media/${item.id}` });
        await new Promise((resolve) => setTimeout(resolve, 100));
        counter += 1;
        await tx.insert(posts).values(postValues({ slug: `contended-${counter}`, posterImage: item.name }));
      });
      expect((await deleting)?.statusCode).toBe(409);
      expect(await readdir(t.app.storage.dir)).toContain(item.name);
    });

    it('reads the images of a text as the database does', async () => {
      const a = '0123456789abcdef0123456789abcdef';
      const b = 'fedcba9876543210fedcba9876543210';
      const html =
        `<p><img src="/storage/poster_images/${a}.webp"> <img src="https://x.example/storage/poster_images/${a}-480w.webp">` +
        ` <img src="/storage/poster_images/${b}-1200w.webp"> /storage/poster_images/not-one.webp` +
        ` /storage/poster_images/${a.toUpperCase()}.webp</p>`;
      const [row] = await rows<{ names: string[] }>(
        database.db,
        sql`SELECT stored_image_names(${html}) AS names`,
      );
      expect(storedImageNames(html).sort()).toEqual([`${a}.webp`, `${b}.webp`]);
      expect([...(row?.names ?? [])].sort()).toEqual(storedImageNames(html).sort());
    });
  });

  it('adds stored images it does not list (stored before it), dated by their file', async () => {
    const name = await storeImage(t.app.storage.store, await makeImage('webp', { width: 30, height: 20 }));
    expect(await t.app.media.adopt()).toBeGreaterThanOrEqual(1);
    expect(await t.app.media.adopt()).toBe(0);
    const found = (await list(editor, '?per_page=100')).data.find((m) => m.name === name);
    expect(found).toMatchObject({ file_name: '', width: 30, height: 20, uploaded_by: null, uses: [] });
  });
});
