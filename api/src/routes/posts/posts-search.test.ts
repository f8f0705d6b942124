import { normalizeSearchText, SEARCH_NORMALIZATION_CASES } from '@agency/core/rules';
import type { Paginated, PostSummary } from '@agency/core/types';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { DAY_MS, insertPosts } from '../../test/posts';

type Result = PostSummary;
type Page = Paginated<Result>;

/**
 * Searching posts (`GET /api/posts?q=`): title, description and content text, ranked title first, English
 * stemmed, Arabic normalised on both sides (the query and the posts), drafts and scheduled posts for editors
 * only, and never kept in the read cache.
 */
describeEachDatabase('posts search', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  const now = Date.now();
  const past = (days: number) => new Date(now - days * DAY_MS);

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.0.21');
    await insertPosts(database.db, [
      {
        slug: 'en-body',
        title: 'Team notes',
        description: 'What we learned this year',
        content: '<p>We love <strong>design</strong> systems, and running small teams.</p>',
        publishedAt: past(1),
      },
      {
        slug: 'en-title',
        title: 'Designing fast shops',
        description: 'Speed first',
        content: '<p class="wrapper">Fast pages sell.</p>',
        publishedAt: past(5),
      },
      {
        slug: 'en-description',
        title: 'A year in review',
        description: 'Our design awards',
        content: '<p>Thanks to everyone.</p>',
        publishedAt: past(3),
      },
      {
        slug: 'en-draft',
        title: 'Secret roadmap',
        description: 'Not yet',
        content: '<p>The confidential design of the next product.</p>',
        status: 'draft',
        publishedAt: past(2),
      },
      {
        slug: 'en-future',
        title: 'Launch plan',
        description: 'Soon',
        content: '<p>An embargoed design announcement.</p>',
        publishedAt: new Date(now + 3 * DAY_MS),
      },
      {
        slug: 'ar-ahmad',
        title: 'مقابلة مع أحمد',
        description: 'حديث عن مدرسة البرمجة',
        content: '<p>كتابٌ مُفيدٌ جدًا عن التصميـــم، صدر في ٢٠٢٦.</p>',
        language: 'ar',
        publishedAt: past(1),
      },
      {
        slug: 'ar-plain',
        title: 'دروس في البرمجه',
        description: 'احمد يشرح',
        content: '<p>برمجة المواقع في عام 2025 مع مستشفى المدينة.</p>',
        language: 'ar',
        publishedAt: past(2),
      },
      {
        slug: 'ar-draft',
        title: 'مسودة سرية',
        description: 'لم تنشر',
        content: '<p>خطة أحمد السرية.</p>',
        language: 'ar',
        status: 'draft',
        publishedAt: past(3),
      },
    ]);
  });

  async function search(query: string, language = 'en') {
    const res = await t.app.inject({
      url: `/api/posts?language=${language}&q=${encodeURIComponent(query)}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }
  async function editorSearch(query: string, extra = '') {
    const res = await editor.request({ url: `/api/posts?q=${encodeURIComponent(query)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }
  const slugs = (page: Page) => page.data.map((post) => post.slug);

  it("normalises text in the database exactly as core's normaliser does", async () => {
    for (const [text] of SEARCH_NORMALIZATION_CASES) {
      const result = (await database.db.execute(
        sql`select search_normalize(${text}) as normal`,
      )) as unknown as {
        rows: { normal: string }[];
      };
      expect(result.rows[0]?.normal, text).toBe(normalizeSearchText(text));
    }
  });

  it('finds a word in the title, description or content, the title matches first', async () => {
    const page = await search('design');
    expect(slugs(page)[0]).toBe('en-title');
    expect(slugs(page).sort()).toEqual(['en-body', 'en-description', 'en-title']);
    expect(page.total).toBe(3);
  });

  it('stems English words and finds the start of a word', async () => {
    expect(slugs(await search('runs'))).toEqual(['en-body']);
    expect(slugs(await search('desig'))).toContain('en-body');
    expect(slugs(await search('design teams'))).toEqual(['en-body']);
  });

  it('does not match HTML tags or attributes, only the text', async () => {
    expect(slugs(await search('strong'))).toEqual([]);
    expect(slugs(await search('wrapper'))).toEqual([]);
  });

  it.each([
    ['أحمد', ['ar-ahmad', 'ar-plain']],
    ['احمد', ['ar-ahmad', 'ar-plain']],
    ['مدرسه', ['ar-ahmad']],
    ['البرمجة', ['ar-ahmad', 'ar-plain']],
    ['مفيد', ['ar-ahmad']],
    ['بَرْمَجَة', ['ar-plain']],
    ['التصميم', ['ar-ahmad']],
    ['2026', ['ar-ahmad']],
    ['٢٠٢٥', ['ar-plain']],
    ['مستشفي', ['ar-plain']],
  ])('finds Arabic %s written any way (%j)', async (query, expected) => {
    expect(slugs(await search(query, 'ar')).sort()).toEqual([...expected].sort());
  });

  it('never shows the public drafts or posts dated in the future, nor their text', async () => {
    expect(slugs(await search('confidential'))).toEqual([]);
    expect(slugs(await search('embargoed'))).toEqual([]);
    expect(slugs(await search('design'))).not.toContain('en-draft');
    expect(slugs(await search('السرية', 'ar'))).toEqual([]);
  });

  it('finds every post for an editor, drafts and scheduled posts too, in both languages', async () => {
    expect(slugs(await editorSearch('confidential'))).toEqual(['en-draft']);
    expect(slugs(await editorSearch('embargoed'))).toEqual(['en-future']);
    expect(slugs(await editorSearch('design')).sort()).toEqual(
      ['en-body', 'en-description', 'en-draft', 'en-future', 'en-title'].sort(),
    );
    expect(slugs(await editorSearch('أحمد')).sort()).toEqual(['ar-ahmad', 'ar-draft', 'ar-plain'].sort());
    expect(slugs(await editorSearch('design', '&status=draft'))).toEqual(['en-draft']);
  });

  it('gives each result an excerpt of text around the match and the words to highlight', async () => {
    const [body] = (await search('running')).data;
    expect(body?.excerpt).toBe('We love design systems, and running small teams.');
    // Where the words found are, for the page to mark.
    const marked = (text: string, ranges: [number, number][] = []) =>
      ranges.map(([start, end]) => text.slice(start, end));
    expect(marked(body?.excerpt ?? '', body?.marks?.excerpt)).toEqual(['running']);
    expect(body?.marks?.title).toEqual([]);
    const [ahmad] = (await search('احمد', 'ar')).data;
    expect(marked(ahmad?.title ?? '', ahmad?.marks?.title)).toEqual(['أحمد']);
    expect(body?.terms).toEqual(['running', 'run']);
    // A word English leaves out is no word to mark.
    expect((await search('the running')).data[0]?.terms).toEqual(['running', 'run']);
    const [arabic] = (await search('التصميم', 'ar')).data;
    expect(arabic?.excerpt).toContain('التصميـــم');
    expect(arabic?.terms).toEqual(['التصميم']);
    // A match in the title alone: the description stands in.
    const [title] = (await search('shops')).data;
    expect(title?.excerpt).toBe('Speed first');
    // The plain list has neither.
    const list = await t.app.inject({
      url: '/api/posts?language=en',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(list.json<{ data: Page }>().data.data[0]).not.toHaveProperty('excerpt');
  });

  it('pages the results, the links keeping the query', async () => {
    const res = await t.app.inject({
      url: '/api/posts?language=en&q=design&per_page=2',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    const page = res.json<{ data: Page }>().data;
    expect(page).toMatchObject({ total: 3, last_page: 2 });
    expect(page.links.at(-1)?.url).toMatch(/q=design.*page=2/);
    const second = await t.app.inject({
      url: '/api/posts?language=en&q=design&per_page=2&page=2',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(second.json<{ data: Page }>().data).toMatchObject({ total: 3, current_page: 2 });
    expect(second.json<{ data: Page }>().data.data).toHaveLength(1);
    // Past the last page: no posts, still counted.
    const past = await t.app.inject({
      url: '/api/posts?language=en&q=design&per_page=2&page=3',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(past.json<{ data: Page }>().data).toMatchObject({ total: 3, data: [] });
  });

  it('finds nothing for a query of no words, and lists everything for an empty one', async () => {
    expect((await search('?!*&:')).total).toBe(0);
    expect((await search('   ')).total).toBe(3);
  });

  describe('refuses bad queries with 422 and a message key', () => {
    it.each([
      ['a'.repeat(201), 'search_too_long'],
      ['design\u0007', 'search_character_invalid'],
      ['line\nbreak', 'search_character_invalid'],
    ])('%#', async (query, key) => {
      for (const res of [
        await t.app.inject({
          url: `/api/posts?q=${encodeURIComponent(query)}`,
          headers: { 'x-api-key': TEST_API_KEY },
        }),
        await editor.request({ url: `/api/posts?q=${encodeURIComponent(query)}` }),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: key, errors: { q: [key] } });
      }
    });

    it('accepts 200 characters', async () => {
      expect((await search('ب'.repeat(200), 'ar')).total).toBe(0);
    });
  });

  it('keeps no search in the read cache, so made-up queries cannot fill it', async () => {
    const list = () =>
      t.app.inject({ url: '/api/posts?language=en&per_page=7', headers: { 'x-api-key': TEST_API_KEY } });
    await list();
    const hits = t.app.readCache.stats.hits;
    await list();
    // The plain list is kept (the cache is on)...
    expect(t.app.readCache.stats.hits).toBe(hits + 1);
    const { entries } = t.app.readCache.stats;
    for (let i = 0; i < 5; i++) await search(`design ${i}`);
    await search('design');
    await search('design');
    // ...a search is not, however often it is asked.
    expect(t.app.readCache.stats).toMatchObject({ entries, hits: hits + 1 });
  });
});
