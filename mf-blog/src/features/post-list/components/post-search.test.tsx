import { highlightRanges } from '@agency/core/rules';
import { screen, within } from '@testing-library/react';
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

/** A search's answer: the page of posts, each with its excerpt, terms and marks as the API makes them. */
function results(
  posts: ReturnType<typeof makePost>[],
  terms: string[],
  options: Parameters<typeof postsPage>[1] & { total?: number } = {},
) {
  const page = postsPage(posts, options);
  page.data.data = page.data.data.map((post) => {
    const excerpt = `… about ${post.title} here …`;
    const marks = { title: highlightRanges(post.title, terms), excerpt: highlightRanges(excerpt, terms) };
    return { ...post, excerpt, terms, marks };
  });
  page.data.total = options.total ?? posts.length;
  return page;
}

describe('/blog search', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(['en', 'ar'] as const)('has a labelled search box, a GET form to /blog (%s)', async (lng) => {
    stubFetch(() => json(postsPage([])));
    renderWithBlog(<PostListPage />, { lng });
    const box = screen.getByRole('searchbox', { name: TEXTS[lng].search.label });
    expect(box).toHaveAttribute('name', 'q');
    expect(box).toHaveAttribute('maxlength', '200');
    const form = box.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/blog');
    // Without JavaScript the query goes with the page's language, last: /blog?q=…&lng=…
    expect([...new FormData(form).keys()]).toEqual(['q', 'lng']);
    expect(new FormData(form).get('lng')).toBe(lng);
    expect(within(form).getByRole('button', { name: TEXTS[lng].search.button })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('searches from the box: the query goes into the address and to the API', async () => {
    const spy = stubFetch((url) =>
      json(
        url.includes('q=') ? results([makePost(1, { title: 'Design systems' })], ['design']) : postsPage([]),
      ),
    );
    renderWithBlog(<PostListPage />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the blog' }), '  design  {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog\?q=design&lng=en$/);
    await screen.findByText('1 result for “design”');
    expect(requestedQuery(spy, spy.mock.calls.length - 1)).toEqual({
      language: 'en',
      per_page: '9',
      page: '1',
      q: 'design',
    });
    expect(screen.getByRole('searchbox', { name: 'Search the blog' })).toHaveValue('design');
  });

  it('marks the words found in the title and the excerpt, as text, never as HTML', async () => {
    stubFetch(() =>
      json(results([makePost(1, { title: 'Designing <b>fast</b> shops', slug: 'shops' })], ['design'])),
    );
    renderWithBlog(<PostListPage />, { path: '/blog?q=design' });
    const link = await screen.findByRole('link', { name: 'Designing <b>fast</b> shops' });
    const card = link.closest('article') as HTMLElement;
    const marks = [...card.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Designing', 'Designing']);
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText(/about/)).toHaveTextContent('… about Designing <b>fast</b> shops here …');
  });

  it('marks Arabic words whatever their spelling, and counts results in Arabic', async () => {
    stubFetch(() => json(results([arabicPost(1, { title: 'مقابلة مع أحمدَ' })], ['احمد'], { total: 3 })));
    renderWithBlog(<PostListPage />, { lng: 'ar', path: `/blog?q=${encodeURIComponent('احمد')}` });
    const link = await screen.findByRole('link', { name: 'مقابلة مع أحمدَ' });
    expect(link.querySelector('mark')).toHaveTextContent('أحمدَ');
    expect(screen.getByText('3 نتائج لـ «احمد»')).toHaveAttribute('role', 'status');
  });

  it.each(['en', 'ar'] as const)('says when nothing matches (%s)', async (lng) => {
    stubFetch(() => json(results([], ['zzz'])));
    renderWithBlog(<PostListPage />, { lng, path: '/blog?q=zzz' });
    const line = await screen.findByText(TEXTS[lng].search.none.replace('{{query}}', 'zzz'));
    expect(line.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: /Blog posts|مقالات المدونة/ })).toBeNull();
  });

  it('keeps the query in the links to other pages of the results', async () => {
    stubFetch(() =>
      json(results([makePost(1)], ['post'], { current: 1, last: 2, links: laravelLinks(1, 2), total: 12 })),
    );
    renderWithBlog(<PostListPage />, { path: '/blog?q=post' });
    const next = await screen.findByRole('link', { name: 'Page 2' });
    expect(next).toHaveAttribute('href', '/blog?q=post&page=2&lng=en');
  });

  it.each(['en', 'ar'] as const)(
    "says why the API refused a query, in the reader's language (%s)",
    async (lng) => {
      stubFetch(() => json({ message: 'search_too_long', errors: { q: ['search_too_long'] } }, 422));
      renderWithBlog(<PostListPage />, { lng, path: `/blog?q=${'a'.repeat(201)}` });
      expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS[lng].search.errors.search_too_long);
      expect(screen.queryByRole('button', { name: TEXTS[lng].errors.retry })).toBeNull();
    },
  );

  it('says a search needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithBlog(<PostListPage />, { path: '/blog?q=design' });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.search.offline);
  });
});
