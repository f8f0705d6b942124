import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Post } from '@agency/core/types';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, postPreviewLinks } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { multipart, signedIn, signedInAuthor, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { DAY_MS, postForm } from '../../test/posts';
import { makeRenderingWebRoot, ROOT_CSS, write } from '../../test/web-root';

type Saved = { data: Post & { updated_at: string } };
interface Link {
  id: number;
  url: string;
  expires_at: string;
}

let counter = 0;

describeEachDatabase('post previews and shared preview links', (database) => {
  let webRoot = '';
  beforeAll(async () => {
    webRoot = await makeRenderingWebRoot('web-preview');
    await write(
      webRoot,
      'mf-shell/dist/locales/ar/shell.json',
      JSON.stringify({
        menu: 'القائمة',
        previewLink: {
          revoked: { title: 'رابط المعاينة هذا لم يعد صالحًا', text: 'ألغي.', home: 'الرئيسية' },
          expired: { title: 'انتهت صلاحية رابط المعاينة هذا', text: 'انتهى.', home: 'الرئيسية' },
        },
      }),
    );
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
  });
  let editor: TestBrowser;
  let author: TestBrowser;

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.26.0.1');
    author = await signedInAuthor(t.app, database.db, '10.26.0.2');
  });

  async function create(fields: Record<string, string> = {}, browser = editor) {
    counter += 1;
    const res = await browser.request({
      method: 'POST',
      url: '/api/posts',
      ...(await multipart(
        postForm({ title: `Draft ${counter}`, slug: `draft-${counter}`, status: 'draft', ...fields }),
      )),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Saved>().data;
  }

  async function preview(fields: Record<string, string>, browser = editor) {
    return browser.request({
      method: 'POST',
      url: '/api/posts/preview',
      ...(await multipart(postForm(fields))),
    });
  }

  async function share(slug: string, browser = editor) {
    return browser.request({ method: 'POST', url: `/api/posts/${slug}/preview-links` });
  }

  /** The page as someone without an account gets it (no cookie, no API key). */
  const open = (url: string, language = 'en') =>
    t.app.inject({ url, headers: { cookie: `lng=${language}` } });

  it('renders the unsaved form as the post’s page, cleaned as a save, stored and kept nowhere', async () => {
    const post = await create({ content: '<p>Saved words.</p>' });
    const res = await preview({
      post: post.slug,
      title: 'An unsaved title',
      slug: post.slug,
      content: '<p>Unsaved words.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<article><h1>An unsaved title</h1><div><p>Unsaved words.</p>');
    expect(res.body).not.toContain('alert(');
    expect(res.body).not.toContain('onerror');
    // The real page's stylesheets, linked (the frame it is shown in allows no inline style); no script.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/index-1.css">');
    expect(res.body).toContain('<link rel="stylesheet" href="/mf/assets/mf-blog-1.css">');
    expect(res.body).not.toMatch(/<script type="module"|modulepreload|id="page-data"/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // Nothing was saved: the post and its public page are as they were.
    const saved = await editor.request({ url: `/api/posts/${post.slug}` });
    expect(saved.json<Post>().title).toBe(post.title);
    expect(saved.json<Post>().content).toBe('<p>Saved words.</p>');
  });

  it('renders a new post in its language, and says what is wrong with a bad form', async () => {
    const res = await preview({ title: 'عنوان جديد', slug: 'jadid', language: 'ar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl"');
    expect(res.body).toContain('<h1>عنوان جديد</h1>');
    expect(res.body).toContain('القائمة');

    const badLanguage = await preview({ title: 'x', language: 'xx' });
    expect(badLanguage.statusCode).toBe(422);
    expect(badLanguage.json()).toMatchObject({ errors: { language: ['language_invalid'] } });
    const unknown = await preview({ post: 'no-such-post', title: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for editors only, under the rule for changing the post', async () => {
    const anonymous = new TestBrowser(t.app, '10.26.0.3');
    await anonymous.fetchCsrf();
    expect((await preview({ title: 'x' }, anonymous)).statusCode).toBe(401);
    const others = await create();
    expect((await preview({ post: others.slug, title: 'x' }, author)).statusCode).toBe(403);
    expect((await share(others.slug, author)).statusCode).toBe(403);
    expect((await author.request({ url: `/api/posts/${others.slug}/preview-links` })).statusCode).toBe(403);
    const link = (await share(others.slug)).json<Link>();
    const revoke = await author.request({ method: 'DELETE', url: `/api/preview-links/${link.id}` });
    expect(revoke.statusCode).toBe(403);
    // Their own draft, they may.
    const own = await create({}, author);
    expect((await preview({ post: own.slug, title: 'Mine' }, author)).statusCode).toBe(200);
    expect((await share(own.slug, author)).statusCode).toBe(201);
    // Without the CSRF token, nothing.
    const noToken = await editor.request({
      method: 'POST',
      url: `/api/posts/${own.slug}/preview-links`,
      csrf: null,
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('shares a draft by a link: listed without its token, read without an account, never indexed nor kept', async () => {
    const post = await create({ title: 'Shared draft' });
    const created = await share(post.slug);
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<Link>();
    expect(link.url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expires_at) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const list = await editor.request({ url: `/api/posts/${post.slug}/preview-links` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({
      data: [{ id: link.id, created_at: expect.any(String), expires_at: link.expires_at }],
    });
    expect(list.body).not.toContain(link.url.slice('/preview/'.length));
    // Only the token's hash is stored.
    const [row] = await database.db.select().from(postPreviewLinks).where(eq(postPreviewLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(link.url.slice('/preview/'.length));

    // A public page is kept in memory; the preview never is.
    expect((await open('/blog')).statusCode).toBe(200);
    const kept = t.app.readCache.stats.pages;
    expect(kept).toBeGreaterThan(0);
    for (const attempt of [1, 2]) {
      const page = await open(link.url);
      expect(page.statusCode, `visit ${attempt}`).toBe(200);
      expect(page.body).toContain('<article><h1>Shared draft</h1>');
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // The real page's styles inline, allowed by the page's own CSP.
      expect(page.body).toContain(`<style>${ROOT_CSS}</style>`);
      expect(page.headers['content-security-policy']).toContain("'sha256-");
    }
    expect(t.app.readCache.stats.pages).toBe(kept);
    // The public still does not see the draft, nor do the sitemap and the feed.
    expect((await open(`/blog/${post.slug}`)).statusCode).toBe(404);
    expect((await open('/sitemap.xml')).body).not.toContain(post.slug);
    expect((await open('/feed.xml?lng=en')).body).not.toContain(post.slug);
  });

  it('a revoked or expired link says so in the reader’s language; an unknown one is a 404', async () => {
    const post = await create();
    const revoked = (await share(post.slug)).json<Link>();
    const expired = (await share(post.slug)).json<Link>();
    const live = (await share(post.slug)).json<Link>();
    const res = await editor.request({ method: 'DELETE', url: `/api/preview-links/${revoked.id}` });
    expect(res.statusCode).toBe(204);
    await database.db
      .update(postPreviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(postPreviewLinks.id, expired.id));
    const list = await editor.request({ url: `/api/posts/${post.slug}/preview-links` });
    expect(list.json<{ data: { id: number }[] }>().data.map((l) => l.id)).toEqual([live.id]);
    // The audit trail names the post, never the token; revoking twice is one entry.
    expect(
      (await editor.request({ method: 'DELETE', url: `/api/preview-links/${revoked.id}` })).statusCode,
    ).toBe(204);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(post.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'preview_link_created',
      'preview_link_created',
      'preview_link_created',
      'preview_link_revoked',
    ]);
    expect(entries[3]?.details).toEqual({ link: revoked.id });
    expect(JSON.stringify(entries)).not.toContain(revoked.url.slice('/preview/'.length));

    const gone = await open(revoked.url, 'ar');
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect(gone.body).toContain('<html lang="ar" dir="rtl">');
    expect(gone.body).toContain('رابط المعاينة هذا لم يعد صالحًا');
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
    const late = await open(expired.url, 'ar');
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('انتهت صلاحية رابط المعاينة هذا');
    expect((await open('/preview/not-a-token')).statusCode).toBe(404);
    expect((await open(`/preview/${'A'.repeat(43)}`)).statusCode).toBe(404);

    expect((await editor.request({ method: 'DELETE', url: '/api/preview-links/999999' })).statusCode).toBe(
      404,
    );
    expect((await editor.request({ method: 'DELETE', url: '/api/preview-links/abc' })).statusCode).toBe(404);
  });

  it('once the post is published and its date has come, the link leads to the post', async () => {
    const post = await create({ title: 'Soon out' });
    const link = (await share(post.slug)).json<Link>();
    const publish = await editor.request({
      method: 'PUT',
      url: `/api/posts/${post.slug}`,
      ...(await multipart(
        postForm({
          title: 'Soon out',
          slug: post.slug,
          status: 'published',
          published_at: '2026-01-01',
          version: post.updated_at,
        }),
      )),
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const res = await open(link.url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/blog/${post.slug}`);

    // Scheduled for later: still the preview.
    const later = await create({ title: 'Later', status: 'published', published_at: '2099-01-01' });
    const laterLink = (await share(later.slug)).json<Link>();
    const page = await open(laterLink.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Later</h1>');
  });

  it('describes the four routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/api/posts/preview']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '403', '404', '409', '422']),
    );
    const links = doc.paths['/api/posts/{slug}/preview-links'] ?? {};
    expect(Object.keys(links.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '403', '404']));
    expect(Object.keys(links.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '404']));
    expect(Object.keys(doc.paths['/api/preview-links/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '403', '404']),
    );
  });
});
