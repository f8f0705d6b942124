import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Post } from '@agency/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, type TestApp, useTestApp } from '../../test/app';
import { multipart, signedIn, type TestBrowser } from '../../test/browser';
import { databases, describeEachDatabase, type TestDb, useDatabase } from '../../test/databases';
import { postForm } from '../../test/posts';
import { makeRenderingWebRoot } from '../../test/web-root';

type ApiPost = Post & { updated_at: string };

const headers = { 'x-api-key': TEST_API_KEY };

/** A moment written with a fixed offset, to the second: what an editor's browser sends (`+04:00`). */
function withOffset(time: number, offsetMinutes: number): string {
  const local = new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

async function create(editor: TestBrowser, fields: Record<string, string>) {
  const body = await multipart(postForm(fields));
  return editor.request({ method: 'POST', url: '/api/posts', ...body });
}

describeEachDatabase('scheduling: published_at is a moment, written on the site’s clock', (database) => {
  // A site kept on Dubai's clock (UTC+04:00 all year).
  const t = useTestApp(database, { env: () => ({ SITE_TIME_ZONE: 'Asia/Dubai' }) });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.4.1');
  });

  async function published(slug: string, publishedAt: string): Promise<ApiPost> {
    const res = await create(editor, { title: `Post ${slug}`, slug, published_at: publishedAt });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: ApiPost }>().data;
  }

  it('stores the moment an editor sends with its own offset, and answers it with the site’s', async () => {
    // An editor in New York schedules 00:30 on 1 December: 05:30 UTC, 09:30 in Dubai.
    const post = await published('from-new-york', '2026-12-01T00:30:00-05:00');
    expect(post.published_at).toBe('2026-12-01T09:30:00.000+04:00');
    expect(Date.parse(post.published_at)).toBe(Date.parse('2026-12-01T05:30:00Z'));
    const read = await editor.request({ url: '/api/posts/from-new-york' });
    expect(read.json<ApiPost>().published_at).toBe('2026-12-01T09:30:00.000+04:00');
    // Late in the UTC evening of 30 November is already 1 December on the site's clock.
    const late = await published('late-utc', '2026-11-30T22:15:00Z');
    expect(late.published_at).toBe('2026-12-01T02:15:00.000+04:00');
  });

  it('reads a date alone as the start of that day on the site’s clock, and a time with no offset in UTC', async () => {
    expect((await published('date-alone', '2026-12-01')).published_at).toBe('2026-12-01T00:00:00.000+04:00');
    expect((await published('no-offset', '2026-12-01T09:30')).published_at).toBe(
      '2026-12-01T13:30:00.000+04:00',
    );
  });

  it('refuses a date or time that is not one (422 date_required), and keeps nothing', async () => {
    for (const value of [
      '2026-12-01T25:00:00+04:00',
      '2026-12-01T09:60',
      '2026-02-30T09:30',
      '2026-12-01 09:30',
      '2026-12-01T09:30:00 GMT+0400',
      '2026-12-01T09:30:00+99:00',
      'tomorrow',
      '2026-12-01T',
    ]) {
      const res = await create(editor, { title: 'Bad date', slug: 'bad-date', published_at: value });
      expect(res.statusCode, value).toBe(422);
      expect(res.json(), value).toMatchObject({ errors: { published_at: ['date_required'] } });
    }
    expect((await editor.request({ url: '/api/posts/bad-date' })).statusCode).toBe(404);
  });

  it('shows the editor a post dated in the future; the public sees it only from its moment', async () => {
    await published('next-year', withOffset(Date.now() + 365 * 24 * 3600_000, 240));
    expect((await editor.request({ url: '/api/posts/next-year' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/posts/next-year', headers })).statusCode).toBe(404);
    const list = await editor.request({ url: '/api/posts?language=en&status=scheduled&per_page=100' });
    expect(list.json<{ data: { data: ApiPost[] } }>().data.data.map((p) => p.slug)).toContain('next-year');
  });
});

/**
 * The moment itself: a post scheduled half a minute ahead, on each database at once (the wait is shared).
 * Every public read is asked twice a second, with no write in between: each must show the post from its
 * moment on (within 60 s), and none a second before it.
 */
describe('a post scheduled half a minute ahead comes out on every public read at its moment', () => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeRenderingWebRoot('web-scheduling');
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const sites = databases
    .filter((target) => target.skip === null)
    .map((target) => {
      const database = useDatabase(target);
      const t = useTestApp(database, {
        env: () => ({
          WEB_ROOT: webRoot,
          DATA_DIR: path.join(webRoot, `.data-${target.name}`),
          SITE_TIME_ZONE: 'Asia/Dubai',
        }),
      });
      return { name: target.name, database, t };
    });

  async function scenario({ name, database, t }: { name: string; database: TestDb; t: TestApp }) {
    const editor = await signedIn(t.app, database.db, '10.9.4.2');
    const get = (url: string) => t.app.inject({ url, headers });
    const at = Math.ceil((Date.now() + 30_000) / 1000) * 1000;
    const slugs = { en: `out-at-its-minute-${name}`, ar: `في-موعده-${name}` };
    const titles = { en: `Out at its minute ${name}`, ar: `في موعده ${name}` };
    for (const language of ['en', 'ar'] as const) {
      // Sent as an editor west of the site would (UTC-05:00): the moment is what counts.
      const res = await create(editor, {
        language,
        title: titles[language],
        slug: slugs[language],
        published_at: withOffset(at, -300),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const inFeed = (language: 'en' | 'ar') => async () =>
      (await get(`/feed.xml?lng=${language}`)).body.includes(
        `/blog/${encodeURIComponent(slugs[language])}</link>`,
      );
    const reads: Record<string, () => Promise<boolean>> = {
      'the API list (en)': async () => (await get('/api/posts?language=en')).body.includes(titles.en),
      'the API list (ar)': async () => (await get('/api/posts?language=ar')).body.includes(titles.ar),
      'the API post': async () => (await get(`/api/posts/${slugs.en}`)).statusCode === 200,
      'the blog page': async () => (await get('/blog')).body.includes(titles.en),
      'the Arabic blog page': async () => (await get('/blog?lng=ar')).body.includes(titles.ar),
      'the post’s page': async () => (await get(`/blog/${slugs.en}`)).statusCode === 200,
      'the Arabic post’s page': async () =>
        (await get(`/blog/${encodeURIComponent(slugs.ar)}`)).statusCode === 200,
      'the sitemap': async () =>
        (await get('/sitemap.xml')).body.includes(`/blog/${encodeURIComponent(slugs.ar)}</loc>`),
      'the English feed': inFeed('en'),
      'the Arabic feed': inFeed('ar'),
    };
    const seen = new Map<string, number>();
    while (seen.size < Object.keys(reads).length) {
      if (Date.now() > at + 60_000) break;
      await Promise.all(
        Object.entries(reads).map(async ([read, shows]) => {
          if (seen.has(read)) return;
          const asked = Date.now();
          if (!(await shows())) return;
          // Answered before the moment (asked and answered both before it): a second early or more.
          expect(Date.now(), `${name}: ${read} showed the post before its moment`).toBeGreaterThanOrEqual(at);
          seen.set(read, asked);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const read of Object.keys(reads)) {
      expect(seen.has(read), `${name}: ${read} did not show the post within 60 s of its moment`).toBe(true);
    }
    // Nothing was written in the meantime: the moment alone brought the post out.
  }

  it('on PGlite and PostgreSQL, from its moment and not a second before, with no write', async () => {
    await Promise.all(sites.map(scenario));
  }, 120_000);
});
