import type { Paginated, PostSummary } from '@agency/core/types';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { DAY_MS, insertPosts } from '../../test/posts';

type Page = Paginated<PostSummary>;

/**
 * The posts manager's list: an editor filters every post by language, status (scheduled decided by the
 * database's clock, like the public's reads) and title, while the public's list stays as it was.
 */
describeEachDatabase('posts list for editors', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  const now = Date.now();

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.0.11');
    // Dates far from now (days), so that a slow machine cannot move a post from scheduled to published.
    await insertPosts(database.db, [
      { slug: 'en-live-1', title: 'Speed guide', publishedAt: new Date(now - DAY_MS), translationGroup: 901 },
      {
        slug: 'دليل-السرعة',
        title: 'دليل السرعة للمتاجر',
        language: 'ar',
        publishedAt: new Date(now - 2 * DAY_MS),
        translationGroup: 901,
      },
      { slug: 'en-live-2', title: 'Shop SPEED tips', publishedAt: new Date(now - 3 * DAY_MS) },
      { slug: 'en-live-3', title: 'Colours', publishedAt: new Date(now - 4 * DAY_MS) },
      { slug: 'en-draft', title: 'Speed draft', status: 'draft', publishedAt: new Date(now - 5 * DAY_MS) },
      { slug: 'en-soon', title: 'Speed launch', publishedAt: new Date(now + 3 * DAY_MS) },
      { slug: 'ar-soon', title: 'إطلاق قريب', language: 'ar', publishedAt: new Date(now + 5 * DAY_MS) },
      { slug: 'ar-draft', title: 'مسودة السرعة', language: 'ar', status: 'draft' },
    ]);
  });

  async function editorList(query: string): Promise<Page> {
    const res = await editor.request({ url: `/api/posts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }
  async function publicList(query: string) {
    return t.app.inject({ url: `/api/posts?${query}`, headers: { 'x-api-key': TEST_API_KEY } });
  }
  const slugs = (page: Page) => page.data.map((post) => post.slug);

  it('says whose each post is to editors (an author changes only their own), never to the public', async () => {
    const [mine] = await insertPosts(database.db, [
      { slug: 'written-by-me', title: 'Whose', status: 'draft', publishedAt: new Date(now - 9 * DAY_MS) },
    ]);
    const me = (await editor.request({ url: '/api/auth/me' })).json<{ user: { id: number } }>().user.id;
    await database.db
      .update(posts)
      .set({ authorId: me })
      .where(eq(posts.id, mine?.id ?? 0));
    const page = await editorList('per_page=100');
    expect(page.data.find((post) => post.slug === 'written-by-me')?.author_id).toBe(me);
    expect(page.data.find((post) => post.slug === 'en-live-2')?.author_id).toBeNull();
    const shown = (await publicList('per_page=100')).json<{ data: Page }>().data.data;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((post) => !('author_id' in post))).toBe(true);
    await database.db.delete(posts).where(eq(posts.id, mine?.id ?? 0));
  });

  it('lists both languages, each post with its translation', async () => {
    const page = await editorList('per_page=100');
    expect(page.total).toBe(8);
    expect(new Set(page.data.map((post) => post.language))).toEqual(new Set(['en', 'ar']));
    const english = page.data.find((post) => post.slug === 'en-live-1');
    expect(english?.translations).toEqual([
      expect.objectContaining({ language: 'ar', slug: 'دليل-السرعة', title: 'دليل السرعة للمتاجر' }),
    ]);
    expect(page.data.find((post) => post.slug === 'en-live-2')?.translations).toEqual([]);
  });

  it('filters by status: drafts, scheduled (published, date to come), published (what the public sees)', async () => {
    expect(slugs(await editorList('status=draft&per_page=100')).sort()).toEqual(['ar-draft', 'en-draft']);
    expect(slugs(await editorList('status=scheduled&per_page=100'))).toEqual(['ar-soon', 'en-soon']);
    expect(slugs(await editorList('status=published&per_page=100'))).toEqual([
      'en-live-1',
      'دليل-السرعة',
      'en-live-2',
      'en-live-3',
    ]);
  });

  it('finds by title in any case, English and Arabic, combined with language and status', async () => {
    expect(slugs(await editorList('q=SPEED&per_page=100')).sort()).toEqual(
      ['en-draft', 'en-live-1', 'en-live-2', 'en-soon'].sort(),
    );
    expect(slugs(await editorList(`q=${encodeURIComponent('السرعة')}&per_page=100`)).sort()).toEqual(
      ['ar-draft', 'دليل-السرعة'].sort(),
    );
    expect(slugs(await editorList('q=speed&status=published&language=en&per_page=100'))).toEqual([
      'en-live-1',
      'en-live-2',
    ]);
    expect(slugs(await editorList('language=ar&status=scheduled'))).toEqual(['ar-soon']);
    expect(slugs(await editorList('language=ar&status=draft&q=launch'))).toEqual([]);
  });

  it('counts and pages the filtered list, its links keeping every filter', async () => {
    const first = await editorList('status=published&per_page=3');
    expect(first).toMatchObject({ total: 4, last_page: 2, current_page: 1 });
    const second = await editorList('status=published&per_page=3&page=2');
    expect(slugs(second)).toEqual(['en-live-3']);
    const next = first.links.at(-1)?.url ?? '';
    expect(next).toContain('status=published');
    expect(next).toContain('page=2');
    const filtered = await editorList('language=en&status=draft&q=speed');
    expect(filtered.links.find((link) => link.url)?.url).toMatch(/language=en.*q=speed.*status=draft/);
  });

  it.each(['status=scheduledx', 'status=Draft', 'language=fr', `q=${'a'.repeat(201)}`])(
    'refuses %s with 422, editors and public alike',
    async (query) => {
      expect((await editor.request({ url: `/api/posts?${query}` })).statusCode).toBe(422);
      expect((await publicList(query)).statusCode).toBe(422);
    },
  );

  it("leaves the public's list as it was, and never serves or keeps an editor's filtered list", async () => {
    // The editor asks first: were the answer kept, the public would get drafts next.
    expect(slugs(await editorList('status=draft&per_page=100')).sort()).toEqual(['ar-draft', 'en-draft']);
    const plain = await publicList('per_page=100');
    const drafts = await publicList('status=draft&per_page=100');
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json<{ data: Page }>().data.data.map((post) => post.slug)).toEqual([
      'en-live-1',
      'دليل-السرعة',
      'en-live-2',
      'en-live-3',
    ]);
    expect(drafts.json<{ data: Page }>().data.data).toEqual(plain.json<{ data: Page }>().data.data);
    // The public asked first now: the editor still gets the filtered list, not the kept public one.
    expect(slugs(await editorList('status=draft&per_page=100')).sort()).toEqual(['ar-draft', 'en-draft']);
    expect(slugs(await editorList('status=scheduled&per_page=100'))).toEqual(['ar-soon', 'en-soon']);
  });

  it('describes the filters in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    type Parameter = { name: string; in: string; schema: { enum?: string[] } };
    const doc = res.json<{ paths: Record<string, { get?: { parameters?: Parameter[] } }> }>();
    const parameters = doc.paths['/api/posts/']?.get?.parameters ?? doc.paths['/api/posts']?.get?.parameters;
    const status = parameters?.find((one) => one.name === 'status' && one.in === 'query');
    expect(status?.schema.enum).toEqual(['draft', 'scheduled', 'published']);
    expect(parameters?.map((one) => one.name)).toEqual(
      expect.arrayContaining(['language', 'q', 'translation']),
    );
  });
});
