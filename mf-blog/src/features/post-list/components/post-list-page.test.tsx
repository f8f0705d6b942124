import { formatPublishedDate } from '@agency/core/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/blog.json';
import en from '../../../../public/locales/en/blog.json';
import {
  arabicPost,
  json,
  laravelLinks,
  makePost,
  postsPage,
  requestedQuery,
  stubFetch,
} from '../../../testing/posts';
import { renderWithBlog } from '../../../testing/render';
import { PostListPage } from './post-list-page';

const TEXTS = { en, ar } as const;
const LANGS = ['en', 'ar'] as const;

function postList() {
  return screen.getByRole('list', { name: /Blog posts|مقالات المدونة/ });
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('/blog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(LANGS)('says it is loading, with an accessible label (%s)', (lng) => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithBlog(<PostListPage />, { lng });
    expect(screen.getByRole('status', { name: TEXTS[lng].list.loading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TEXTS[lng].list.title })).toBeInTheDocument();
  });

  it('asks for 9 posts of the page in the URL, in the current language', async () => {
    const spy = stubFetch(() => json(postsPage([arabicPost(1)])));
    renderWithBlog(<PostListPage />, { lng: 'ar', path: '/blog?page=2' });
    await screen.findByRole('link', { name: 'المقالة رقم 1' });
    expect(requestedQuery(spy)).toEqual({ language: 'ar', per_page: '9', page: '2' });
  });

  it('shows a card per post: category label, poster, title linking to the post, description, date', async () => {
    stubFetch(() =>
      json(
        postsPage([
          makePost(1, { title: 'Hello world', slug: 'hello-world' }),
          makePost(2, { poster_image: null }),
        ]),
      ),
    );
    renderWithBlog(<PostListPage />);
    const link = await screen.findByRole('link', { name: 'Hello world' });
    expect(link).toHaveAttribute('href', '/blog/hello-world?lng=en');
    const card = link.closest('article') as HTMLElement;
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText('What post 1 is about.')).toBeInTheDocument();
    expect(within(card).getByText('Mar 5, 2026')).toHaveAttribute('datetime', '2026-03-05T00:00:00.000Z');
    const poster = card.querySelector('img') as HTMLImageElement;
    expect(poster).toHaveAttribute('src', '/storage/poster_images/poster-1.webp');
    expect(poster).toHaveAttribute('width');
    expect(poster).toHaveAttribute('height');
    expect(poster).toHaveAttribute('loading', 'eager');
    const second = screen.getByRole('link', { name: 'Post number 2' }).closest('article') as HTMLElement;
    expect(second.querySelector('img')).toBeNull();
    expect(within(second).getByTestId('poster-placeholder')).toBeInTheDocument();
  });

  it('loads posters below the first card lazily, and shows the placeholder when a poster fails', async () => {
    stubFetch(() => json(postsPage([makePost(1), makePost(2)])));
    renderWithBlog(<PostListPage />);
    const card = (await screen.findByRole('link', { name: 'Post number 2' })).closest(
      'article',
    ) as HTMLElement;
    const poster = card.querySelector('img') as HTMLImageElement;
    expect(poster).toHaveAttribute('loading', 'lazy');
    act(() => {
      poster.dispatchEvent(new Event('error'));
    });
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByTestId('poster-placeholder')).toBeInTheDocument();
  });

  it('shows the Arabic card in Arabic: translated category and Arabic date', async () => {
    stubFetch(() => json(postsPage([arabicPost(7, { status: 'draft' })])));
    renderWithBlog(<PostListPage />, { lng: 'ar' });
    const card = (await screen.findByRole('link', { name: 'المقالة رقم 7' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('مسودة')).toBeInTheDocument();
    const date = card.querySelector('time') as HTMLTimeElement;
    expect(date.textContent).toBe(formatPublishedDate('2026-03-05T00:00:00.000Z', 'ar'));
    expect(date.textContent).toContain('مارس');
  });

  it.each(LANGS)('leaves out posts written in the other language (%s)', async (lng) => {
    const mine = lng === 'en' ? makePost(1) : arabicPost(1);
    const other = lng === 'en' ? arabicPost(2) : makePost(2);
    stubFetch(() => json(postsPage([mine, other])));
    renderWithBlog(<PostListPage />, { lng });
    await screen.findByRole('link', { name: mine.title });
    expect(screen.queryByRole('link', { name: other.title })).toBeNull();
    expect(within(postList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it.each(LANGS)('says when there are no posts (%s)', async (lng) => {
    stubFetch(() => json(postsPage([])));
    renderWithBlog(<PostListPage />, { lng });
    expect(await screen.findByText(TEXTS[lng].list.empty)).toBeInTheDocument();
  });

  it.each([
    {
      lng: 'en',
      body: { message: 'The page field must be at least 1.' },
      status: 422,
      text: 'The page field must be at least 1.',
    },
    { lng: 'en', body: '', status: 500, text: 'HTTP error! status: 500' },
    { lng: 'ar', body: '', status: 503, text: 'خطأ HTTP! رمز الحالة: 503' },
    { lng: 'en', body: { data: [] }, status: 200, text: 'No posts available' },
    { lng: 'ar', body: { data: { data: null } }, status: 200, text: 'لا توجد مقالات متاحة' },
  ] as const)('shows "$text" ($lng, $status)', async ({ lng, body, status, text }) => {
    stubFetch(() => new Response(body === '' ? '' : JSON.stringify(body), { status }));
    renderWithBlog(<PostListPage />, { lng });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each(LANGS)('falls back to the default error text when the answer cannot be read (%s)', async (lng) => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error('connection reset mid-body'));
      },
    });
    stubFetch(() => new Response(broken, { status: 200 }));
    renderWithBlog(<PostListPage />, { lng });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS[lng].errors.listDefault);
  });

  it.each(LANGS)(
    'says the page is not saved for offline reading when there is no connection (%s)',
    async (lng) => {
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      renderWithBlog(<PostListPage />, { lng });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(TEXTS[lng].offline.text);
      expect(screen.queryByRole('status')).toBeNull();
      expect(within(alert).getByRole('button', { name: TEXTS[lng].errors.retry })).toBeInTheDocument();
    },
  );

  it('shows the offline message when the browser is offline, whatever the error', async () => {
    setOnline(false);
    stubFetch(() => new Response('', { status: 504 }));
    renderWithBlog(<PostListPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.offline.text);
  });

  it('tries again on "Try again", and by itself when the connection comes back', async () => {
    let online = false;
    const spy = stubFetch(() =>
      online ? json(postsPage([makePost(1)])) : Promise.reject(new TypeError('offline')),
    );
    renderWithBlog(<PostListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.offline.text);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('/blog pagination', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server links translated, marks the current page and disables links without a url', async () => {
    stubFetch(() => json(postsPage([makePost(1)], { current: 1, last: 2 })));
    renderWithBlog(<PostListPage />);
    const nav = await screen.findByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/blog?page=2&lng=en');
    expect(nav.textContent).not.toMatch(/&|laquo|raquo/);
  });

  it('shows the links in Arabic, with Arabic digits', async () => {
    stubFetch(() => json(postsPage([arabicPost(1)], { current: 2, last: 2 })));
    renderWithBlog(<PostListPage />, { lng: 'ar', path: '/blog?page=2' });
    const nav = await screen.findByRole('navigation', { name: 'صفحات المدونة' });
    const two = new Intl.NumberFormat('ar').format(2);
    expect(within(nav).getByRole('link', { name: `الصفحة ${two}` })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'السابق' })).toHaveAttribute('href', '/blog?lng=ar');
    expect(within(nav).getByRole('button', { name: 'التالي' })).toBeDisabled();
    expect(nav.textContent).not.toMatch(/Previous|Next/);
  });

  it('follows a link: the next page is requested with per_page=9 added to its url, in the current language', async () => {
    const spy = stubFetch((url) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page');
      return page === '2'
        ? json(postsPage([makePost(10, { title: 'On page two' })], { current: 2, last: 2 }))
        : json(postsPage([makePost(1, { title: 'On page one' })], { current: 1, last: 2 }));
    });
    renderWithBlog(<PostListPage />);
    await screen.findByRole('link', { name: 'On page one' });
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'On page two' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'On page one' })).toBeNull();
    expect(requestedQuery(spy, 1)).toEqual({ language: 'en', per_page: '9', page: '2' });
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the pages under an empty page past the last one', async () => {
    stubFetch(() => json(postsPage([], { current: 5, last: 2, links: laravelLinks(5, 2) })));
    renderWithBlog(<PostListPage />, { path: '/blog?page=5' });
    expect(await screen.findByText(en.list.empty)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/blog?lng=en');
  });

  it('keeps a gap of the server list as text, and hides the buttons when there is one page', async () => {
    const links = [
      ...laravelLinks(1, 2).slice(0, 2),
      { url: null, label: '...', active: false },
      ...laravelLinks(1, 2).slice(2),
    ];
    stubFetch(() => json(postsPage([makePost(1)], { current: 1, last: 12, links })));
    const { unmount } = renderWithBlog(<PostListPage />);
    const nav = await screen.findByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByText('...')).not.toHaveAttribute('aria-disabled');
    unmount();
    stubFetch(() => json(postsPage([makePost(1)], { current: 1, last: 1 })));
    renderWithBlog(<PostListPage />);
    await screen.findByRole('link', { name: 'Post number 1' });
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });
});
