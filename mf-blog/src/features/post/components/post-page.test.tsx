// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom mis-walks the tree DOMPurify builds, and these tests rely on the real sanitizer
// (jsdom has no Sanitizer API, so the content arrives once DOMPurify is loaded: the content queries wait).
import { LANGUAGE_STORAGE_KEY, pageInLanguage, switchLanguage } from '@agency/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/blog.json';
import en from '../../../../public/locales/en/blog.json';
import { arabicPost, json, makePost, requestedQuery, stubFetch } from '../../../testing/posts';
import { renderWithBlog } from '../../../testing/render';
import { PostPage } from './post-page';

const TEXTS = { en, ar } as const;
const LANGS = ['en', 'ar'] as const;

function renderPost(slug: string, lng: 'en' | 'ar' = 'en') {
  return renderWithBlog(<PostPage />, { lng, path: `/blog/${slug}`, route: '/blog/:slug' });
}

describe('/blog/{slug}', () => {
  beforeEach(() => {
    document.title = 'Agency';
    document.head.querySelector('meta[name="description"]')?.remove();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(LANGS)('says it is loading, with an accessible label (%s)', (lng) => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderPost('hello', lng);
    expect(screen.getByRole('status', { name: TEXTS[lng].post.loading })).toBeInTheDocument();
  });

  it('asks for the slug in the current language', async () => {
    const spy = stubFetch(() => json(arabicPost(1, { slug: 'مرحبا' })));
    renderPost(encodeURIComponent('مرحبا'), 'ar');
    await screen.findByRole('heading', { level: 1, name: 'المقالة رقم 1' });
    expect(String(spy.mock.calls[0]?.[0])).toMatch(/^\/api\/posts\/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7\?/);
    expect(requestedQuery(spy)).toEqual({ language: 'ar' });
  });

  it('shows the current slug in the address bar when the post was read at an old one, query kept', async () => {
    // The server answered 301 at the old slug and fetch followed it: the answer is the post at its new slug.
    stubFetch(() => json(arabicPost(1, { slug: 'مقال-جديد' })));
    renderWithBlog(<PostPage />, { lng: 'ar', path: '/blog/old-name?lng=ar', route: '/blog/:slug' });
    await screen.findByRole('heading', { level: 1, name: 'المقالة رقم 1' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/blog/${encodeURIComponent('مقال-جديد')}?lng=ar`,
      ),
    );
  });

  it('shows the post: title, date, description, poster and its HTML content', async () => {
    stubFetch(() =>
      json(
        makePost(1, {
          title: 'Hello world',
          content: '<h2>First part</h2><p>Some <strong>bold</strong> words.</p><ul><li>One</li></ul>',
        }),
      ),
    );
    renderPost('post-1');
    const article = (await screen.findByRole('heading', { level: 1, name: 'Hello world' })).closest(
      'article',
    ) as HTMLElement;
    expect(await within(article).findByRole('heading', { level: 2, name: 'First part' })).toBeInTheDocument();
    expect(within(article).getByText('bold').tagName).toBe('STRONG');
    expect(within(article).getByRole('listitem')).toHaveTextContent('One');
    expect(within(article).getByText('What post 1 is about.')).toBeInTheDocument();
    // The date, time and zone on the site's clock, as the server wrote the moment.
    expect(within(article).getByText('Mar 5, 2026, 12:00 AM UTC')).toHaveAttribute(
      'datetime',
      '2026-03-05T00:00:00.000Z',
    );
    const poster = article.querySelector('img.post-article__poster');
    expect(poster).toHaveAttribute('src', '/storage/poster_images/poster-1.webp');
    expect(within(article).getByRole('link', { name: 'Back to the blog' })).toHaveAttribute(
      'href',
      '/blog?lng=en',
    );
  });

  it('shows an Arabic post in Arabic', async () => {
    stubFetch(() => json(arabicPost(4)));
    renderPost('maqala-4', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'المقالة رقم 4' })).toBeInTheDocument();
    expect(await screen.findByText('نص المقالة 4.')).toBeInTheDocument();
    expect(screen.getByText('منشور')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى المدونة' })).toBeInTheDocument();
  });

  /** The post's page as the API answers with it, once its heading shows: its article. */
  async function shownArticle(post: ReturnType<typeof makePost>, lng: 'en' | 'ar'): Promise<HTMLElement> {
    stubFetch(() => json(post));
    renderPost(post.slug, lng);
    const heading = await screen.findByRole('heading', { level: 1, name: post.title });
    return heading.closest('article') as HTMLElement;
  }

  it.each([
    ['en', makePost(7, { published_at: '2026-12-01T09:30:00.000+04:00' }), 'Dec 1, 2026, 9:30 AM GMT+4'],
    [
      'ar',
      arabicPost(8, { published_at: '2026-12-01T02:15:00.000+04:00' }),
      '١ ديسمبر ٢٠٢٦، ٢:١٥ ص غرينتش+٤',
    ],
  ] as const)(
    'dates the post on the site’s clock, with its zone, in the page’s digits (%s)',
    async (lng, post, text) => {
      const article = await shownArticle(post, lng);
      expect(within(article).getByText(text)).toHaveAttribute('datetime', post.published_at);
    },
  );

  it.each([
    ['en', makePost(1, { content: '<p>Short.</p>' }), '1 min read'],
    ['en', makePost(2, { content: `<p>${'fast '.repeat(500)}</p>` }), '3 min read'],
    // Arabic is read more slowly: 500 words take 4 minutes, not 3.
    ['ar', arabicPost(3, { content: `<p>${'سريع، '.repeat(500)}</p>` }), '٤ دقائق للقراءة'],
    ['ar', arabicPost(4, { content: '<p>نص قصير.</p>' }), 'دقيقة واحدة للقراءة'],
  ] as const)(
    'tells the reading time of the post, at its language’s pace (%s: %s)',
    async (lng, post, text) => {
      const article = await shownArticle(post, lng);
      expect(within(article).getByText(text)).toHaveClass('post-article__reading');
    },
  );

  it('titles the tab and describes the page from the SEO fields, and puts them back when it goes', async () => {
    stubFetch(() => json(makePost(1, { seo_title: 'Hello SEO', seo_description: 'Read this.' })));
    const { unmount } = renderPost('post-1');
    await screen.findByRole('heading', { level: 1, name: 'Post number 1' });
    await waitFor(() => expect(document.title).toBe('Hello SEO | Agency'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Read this.');
    unmount();
    expect(document.title).toBe('Agency');
  });

  it('never runs a script or an onerror handler from the content', async () => {
    const pwned = vi.fn();
    vi.stubGlobal('pwned', pwned);
    stubFetch(() =>
      json(
        makePost(1, {
          content:
            '<p>Safe text</p><script>window.pwned("script")</script>' +
            '<img src="/storage/poster_images/00000000000000000000000000000000.webp" onerror="window.pwned(\'onerror\')" alt="broken">' +
            '<a href="javascript:window.pwned(\'link\')">click me</a>' +
            '<p onclick="window.pwned(\'click\')">Click text</p>',
        }),
      ),
    );
    renderPost('post-1');
    const content = (await screen.findByText('Safe text')).closest('.post-content') as HTMLElement;
    expect(content.querySelector('script')).toBeNull();
    const elements = Array.from(content.querySelectorAll('*'));
    expect(elements.flatMap((el) => el.getAttributeNames()).filter((name) => name.startsWith('on'))).toEqual(
      [],
    );
    expect(content.innerHTML).not.toMatch(/javascript:|pwned/);
    // Fire what the attacker counted on: the image failing, the click, the link.
    for (const img of content.querySelectorAll('img')) img.dispatchEvent(new Event('error'));
    await userEvent.click(screen.getByText('Click text'));
    await userEvent.click(screen.getByText('click me'));
    expect(pwned).not.toHaveBeenCalled();
    expect(screen.getByAltText('broken')).toHaveAttribute(
      'src',
      '/storage/poster_images/00000000000000000000000000000000.webp',
    );
  });

  it.each(LANGS)('says "Blog post not found" on a 404 (%s)', async (lng) => {
    stubFetch(() => json({ message: 'Blog post not found' }, 404));
    renderPost('nope', lng);
    expect(
      await screen.findByRole('heading', { level: 1, name: TEXTS[lng].post.notFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS[lng].post.backToBlog })).toHaveAttribute(
      'href',
      `/blog?lng=${lng}`,
    );
    // The title is set in an effect, which may run just after the heading is painted.
    await waitFor(() => expect(document.title).toBe(`${TEXTS[lng].post.notFound} | Agency`));
  });

  it.each([
    { lng: 'en', post: arabicPost(3), text: 'This post is not available in English' },
    { lng: 'ar', post: makePost(3), text: 'هذه المقالة غير متاحة باللغة العربية' },
  ] as const)(
    'says the post is not available in the reader language, without its content ($lng)',
    async ({ lng, post, text }) => {
      stubFetch(() => json(post));
      renderPost(post.slug, lng);
      expect(await screen.findByRole('heading', { level: 1, name: text })).toBeInTheDocument();
      expect(screen.queryByText(post.title)).toBeNull();
      expect(document.querySelector('.post-content')).toBeNull();
    },
  );

  it.each([
    {
      lng: 'ar',
      post: makePost(5, {
        translations: [{ id: 6, language: 'ar', slug: 'قصة', title: 'القصة', status: 'published' }],
      }),
      heading: 'كُتبت هذه المقالة بالإنجليزية',
      link: 'اقرأها بالعربية',
      href: `/blog/${encodeURIComponent('قصة')}?lng=ar`,
    },
    {
      lng: 'en',
      post: arabicPost(6, {
        translations: [{ id: 5, language: 'en', slug: 'story', title: 'The story', status: 'published' }],
      }),
      heading: 'This post is written in Arabic',
      link: 'Read it in English',
      href: '/blog/story?lng=en',
    },
  ] as const)(
    'offers the translation in the reader language when there is one, not the post ($lng)',
    async ({ lng, post, heading, link, href }) => {
      stubFetch(() => json(post));
      renderPost(post.slug, lng);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      const read = screen.getByRole('link', { name: link });
      expect(read).toHaveAttribute('href', href);
      expect(read).toHaveAttribute('lang', lng);
      expect(screen.getByText(post.translations?.[0]?.title ?? '')).toBeInTheDocument();
      expect(document.querySelector('.post-content')).toBeNull();
      expect(screen.getByRole('link', { name: TEXTS[lng].post.backToBlog })).toHaveAttribute(
        'href',
        `/blog?lng=${lng}`,
      );
    },
  );

  it("tells the language switch where the post's translation is, and takes it back when the page goes", async () => {
    stubFetch(() =>
      json(
        makePost(7, {
          translations: [{ id: 8, language: 'ar', slug: 'قصة-7', title: 'ق', status: 'published' }],
        }),
      ),
    );
    // The page's address as the browser has it (the test's router keeps its own).
    window.history.replaceState(null, '', '/blog/post-7');
    const view = renderPost('post-7');
    await screen.findByRole('heading', { level: 1, name: 'Post number 7' });
    await waitFor(() => expect(pageInLanguage('ar')).toBe(`/blog/${encodeURIComponent('قصة-7')}`));
    expect(pageInLanguage('en')).toBeNull();
    view.unmount();
    expect(pageInLanguage('ar')).toBeNull();
  });

  it.each(LANGS)(
    'sends a reader who switches language on a post with no translation to the blog in that language (%s)',
    async (lng) => {
      const post = lng === 'en' ? makePost(9, { translations: [] }) : arabicPost(9, { translations: [] });
      const other = lng === 'en' ? 'ar' : 'en';
      stubFetch(() => json(post));
      window.history.replaceState(null, '', `/blog/${post.slug}`);
      const view = renderPost(post.slug, lng);
      await screen.findByRole('heading', { level: 1, name: post.title });
      await waitFor(() => expect(pageInLanguage(other)).toBe('/blog'));
      // Its own language stays on the post.
      expect(pageInLanguage(lng)).toBeNull();
      const go = vi.fn();
      switchLanguage(other, go);
      expect(go).toHaveBeenCalledExactlyOnceWith(`/blog?lng=${other}`);
      // The switch stored the choice: this test's only.
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      view.unmount();
    },
  );

  it('a post read in the other language stays where it is when the reader switches to its language', async () => {
    stubFetch(() => json(arabicPost(10, { translations: [] })));
    window.history.replaceState(null, '', '/blog/maqala-10');
    renderPost('maqala-10', 'en');
    await screen.findByRole('heading', { level: 1, name: en.post.otherLanguage });
    await waitFor(() => expect(pageInLanguage('en')).toBe('/blog'));
    expect(pageInLanguage('ar')).toBeNull();
  });

  it.each([
    { lng: 'en', status: 500, body: { message: 'Server Error' }, text: 'Server Error' },
    { lng: 'en', status: 502, body: '', text: 'HTTP error! status: 502' },
    { lng: 'ar', status: 502, body: '', text: 'خطأ HTTP! رمز الحالة: 502' },
    { lng: 'en', status: 200, body: { data: [] }, text: en.errors.postDefault },
    { lng: 'ar', status: 200, body: { data: [] }, text: ar.errors.postDefault },
  ] as const)('shows "$text" ($lng, $status)', async ({ lng, status, body, text }) => {
    stubFetch(() => new Response(body === '' ? '' : JSON.stringify(body), { status }));
    renderPost('post-1', lng);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each(LANGS)(
    'says an unsaved post cannot be read offline, and loads it once back online (%s)',
    async (lng) => {
      let online = false;
      stubFetch(() =>
        online
          ? json(lng === 'en' ? makePost(1) : arabicPost(1, { slug: 'post-1' }))
          : Promise.reject(new TypeError('x')),
      );
      renderPost('post-1', lng);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(TEXTS[lng].offline.text);
      expect(screen.queryByRole('status')).toBeNull();
      online = true;
      await userEvent.click(within(alert).getByRole('button', { name: TEXTS[lng].errors.retry }));
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    },
  );

  it('reloads when the connection comes back', async () => {
    let online = false;
    stubFetch(() => (online ? json(makePost(1)) : Promise.reject(new TypeError('x'))));
    renderPost('post-1');
    await screen.findByRole('alert');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // The retry goes through the whole loading path again: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post number 1' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
