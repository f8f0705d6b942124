import { type PostSummary, toast } from '@agency/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorContext } from '../../../hooks/use-editor';
import { onUnauthorized } from '../../../lib/admin-api';
import { stubConfirm } from '../../../testing/confirm';
import { json, mockFetch, offline } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { makePost, postsPage } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { savePostPage } from '../api/saved-pages';
import { PostsManager } from './posts-manager';

const listCalls = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/posts');

describe('PostsManager', () => {
  beforeEach(async () => {
    await clearAdminDb();
    stubConfirm(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a loading row, then title with the slug beneath, status, language word, and date and time with the zone', async () => {
    mockFetch(() =>
      json(postsPage([makePost({ title: 'Hello world', slug: 'hello-world', status: 'draft' })])),
    );
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading posts…');
    const row = (await screen.findByText('Hello world')).closest('tr') as HTMLElement;
    expect(within(row).getByText('hello-world')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('English')).toBeInTheDocument();
    // 00:00 UTC on the editor's clock (the tests' browser is in Dubai).
    expect(within(row).getByText('Nov 21, 2026, 4:00 AM GMT+4')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit “Hello world”' })).toHaveAttribute(
      'href',
      '/edit_blog/hello-world',
    );
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/new_blog');
  });

  it.each([
    ['en', 'Edit “Mine”', 'Delete “Mine”', 'Only an editor can change this post'],
    ['ar', 'تعديل «Mine»', 'حذف «Mine»', 'لا يغيّر هذا المقال إلا محرر'],
  ] as const)(
    'offers an author (%s) edit and delete on their own drafts only, as the server allows',
    async (lng, edit, remove, readOnly) => {
      const page = postsPage([
        makePost({ title: 'Mine', status: 'draft' }),
        makePost({ title: 'Theirs', status: 'draft' }),
        makePost({ title: 'Mine, published' }),
      ]);
      const [mine, theirs, published] = page.data.data as [PostSummary, PostSummary, PostSummary];
      Object.assign(mine, { author_id: 7 });
      Object.assign(theirs, { author_id: 8 });
      Object.assign(published, { author_id: 7 });
      mockFetch(() => json(page));
      const author = { id: 7, email: 'ada@example.com', name: 'Ada', role: 'author' } as const;
      renderAdmin(
        <EditorContext.Provider value={author}>
          <PostsManager />
        </EditorContext.Provider>,
        { lng, path: '/posts' },
      );
      const row = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
      const own = await row('Mine');
      expect(within(own).getByRole('link', { name: edit })).toBeInTheDocument();
      expect(within(own).getByRole('button', { name: remove })).toBeEnabled();
      for (const other of [await row('Theirs'), await row('Mine, published')]) {
        expect(within(other).queryByRole('link', { name: /Edit|تعديل/ })).toBeNull();
        expect(within(other).queryByRole('button', { name: /Delete|حذف/ })).toBeNull();
        expect(other).toHaveTextContent(readOnly);
      }
    },
  );

  it('offers an editor edit and delete on every post', async () => {
    const page = postsPage([makePost({ title: 'Someone’s', status: 'draft' })]);
    Object.assign(page.data.data[0] as PostSummary, { author_id: 8 });
    mockFetch(() => json(page));
    renderAdmin(
      <EditorContext.Provider value={{ id: 7, email: 'eli@example.com', name: 'Eli', role: 'editor' }}>
        <PostsManager />
      </EditorContext.Provider>,
      { path: '/posts' },
    );
    const row = (await screen.findByText('Someone’s')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Edit “Someone’s”' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete “Someone’s”' })).toBeInTheDocument();
  });

  it("shows each post's translation: a link to edit it, marked when a draft, or none with a way to start one", async () => {
    mockFetch(() =>
      json(
        postsPage([
          makePost({
            title: 'Linked',
            translations: [{ id: 70, language: 'ar', slug: 'مرتبط', title: 'مرتبط', status: 'published' }],
          }),
          makePost({
            title: 'Drafted',
            translations: [{ id: 71, language: 'ar', slug: 'مسودة', title: 'مسودة', status: 'draft' }],
          }),
          makePost({ title: 'Alone', translations: [] }),
        ]),
      ),
    );
    renderAdmin(<PostsManager />, { path: '/posts' });
    const row = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    const linked = within(await row('Linked')).getByRole('link', { name: 'Translation: مرتبط' });
    expect(linked).toHaveAttribute('href', `/edit_blog/${encodeURIComponent('مرتبط')}`);
    expect(within(await row('Linked')).queryByText('Draft')).not.toBeInTheDocument();
    const drafted = await row('Drafted');
    expect(within(drafted).getByRole('link', { name: 'Translation: مسودة' })).toBeInTheDocument();
    // The post is published, its translation a draft: two pills, the second the translation's.
    expect(
      within(drafted)
        .getAllByText(/^(Draft|Published)$/)
        .map((pill) => pill.textContent),
    ).toEqual(['Published', 'Draft']);
    const alone = await row('Alone');
    expect(within(alone).getByText('No translation')).toBeInTheDocument();
    const translate = within(alone).getByRole('link', { name: 'Translate “Alone” into العربية' });
    expect(translate).toHaveTextContent('Translate');
    // The editor's translate screen, which links the new post to this one.
    const slug = translate.getAttribute('href')?.split('translation_of=')[1];
    expect(translate.getAttribute('href')).toMatch(/^\/new_blog\?translation_of=/);
    expect(decodeURIComponent(slug ?? '')).toBe(
      screen.getByText('Alone').closest('tr')?.querySelector('.posts-table__slug')?.textContent,
    );
  });

  it('filters to the posts missing a translation, in the address, with its own empty text', async () => {
    const { calls } = mockFetch((call) =>
      json(
        postsPage(call.url.searchParams.get('translation') === 'missing' ? [] : [makePost({ title: 'One' })]),
      ),
    );
    renderAdmin(<PostsManager />, { path: '/posts?page=2' });
    await screen.findByText('One');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only posts missing a translation' }));
    expect(await screen.findByText('Every post has its translation.')).toBeInTheDocument();
    // Back to the first page of the filtered list.
    expect(screen.getByTestId('location')).toHaveTextContent('/posts?translation=missing');
    const last = listCalls(calls).at(-1);
    expect(last?.url.searchParams.get('translation')).toBe('missing');
    expect(last?.url.searchParams.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only posts missing a translation' }));
    expect(await screen.findByText('One')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.url.searchParams.has('translation')).toBe(false);
  });

  it('in Arabic: right to left, العربية, the date and time in Arabic (Egypt) digits, and the filters and actions in Arabic', async () => {
    const { calls } = mockFetch(() =>
      json(
        postsPage([
          makePost({
            title: 'مرحبا',
            language: 'ar',
            published_at: '2026-11-21T00:00:00.000Z',
            translations: [],
          }),
          makePost({ title: 'لاحقا', language: 'ar', published_at: '2099-01-01T09:30:00.000Z' }),
        ]),
      ),
    );
    renderAdmin(<PostsManager />, { path: '/posts', lng: 'ar' });
    const row = (await screen.findByText('مرحبا')).closest('tr') as HTMLElement;
    expect(within(row).getByText('العربية')).toBeInTheDocument();
    expect(within(row).getByText('٢١ نوفمبر ٢٠٢٦، ٤:٠٠ ص غرينتش+٤')).toBeInTheDocument();
    expect(within(row).getByText('لا ترجمة')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ترجم «مرحبا» إلى English' })).toHaveTextContent('ترجم');
    const later = screen.getByText('لاحقا').closest('tr') as HTMLElement;
    expect(within(later).getByText('مجدول')).toBeInTheDocument();
    expect(within(later).getByText(/^يُنشر في .*٢٠٩٩/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveDisplayValue('كل اللغات');
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toHaveDisplayValue('كل الحالات');
    expect(screen.getByRole('searchbox', { name: 'ابحث في العناوين والأوصاف والنصوص' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'المقالات' }).closest('section')).toHaveAttribute(
      'dir',
      'rtl',
    );
    // An Arabic interface still lists both languages.
    expect(listCalls(calls)[0]?.url.searchParams.has('language')).toBe(false);
  });

  it("says 'no posts found' and shows no pager for a single page", async () => {
    mockFetch(() => json(postsPage([])));
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(await screen.findByText('No posts found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('pages with previous/next and "page X of Y" when there is more than one page', async () => {
    const { calls } = mockFetch(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return json(postsPage([makePost({ title: `On page ${page}` })], page, 3));
    });
    renderAdmin(<PostsManager />, { path: '/posts?page=2' });
    const pager = () => screen.getByRole('navigation', { name: 'Pages' });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('On page 3')).toBeInTheDocument();
    expect(within(pager()).getByText('Page 3 of 3')).toBeInTheDocument();
    // Unavailable at the last page, yet still focused: pressing it again asks for nothing.
    const next = within(pager()).getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await userEvent.click(next);
    expect(listCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['2', '3']);
    await userEvent.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('On page 2')).toBeInTheDocument();
  });

  it("lists both languages, whatever the interface's language, with a language column", async () => {
    const { calls } = mockFetch(() =>
      json(
        postsPage([
          makePost({ title: 'In English', language: 'en' }),
          makePost({ title: 'بالعربية', language: 'ar' }),
        ]),
      ),
    );
    const { i18n } = renderAdmin(<PostsManager />, { path: '/posts' });
    const english = (await screen.findByText('In English')).closest('tr') as HTMLElement;
    const arabic = screen.getByText('بالعربية').closest('tr') as HTMLElement;
    expect(within(english).getByText('English')).toHaveAttribute('lang', 'en');
    expect(within(arabic).getByText('العربية')).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
    await i18n.changeLanguage('ar');
    expect(await screen.findByRole('columnheader', { name: 'اللغة' })).toBeInTheDocument();
    expect(screen.getByText('In English')).toBeInTheDocument();
    expect(listCalls(calls).every((call) => !call.url.searchParams.has('language'))).toBe(true);
  });

  it('writes each filter and the page into the address, and asks the API for them', async () => {
    const { calls } = mockFetch(({ url }) =>
      json(postsPage([makePost({ title: `Page ${url.searchParams.get('page')}` })], 1, 3)),
    );
    renderAdmin(<PostsManager />, { path: '/posts' });
    await screen.findByText('Page 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts?language=ar'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'scheduled');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/posts?language=ar&status=scheduled'),
    );
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Find in titles, descriptions and text' }),
      'دليل',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const address = `/posts?language=ar&status=scheduled&q=${encodeURIComponent('دليل')}&page=2`;
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(address));
    const last = listCalls(calls).at(-1)?.url.searchParams;
    expect(Object.fromEntries(last ?? [])).toEqual({
      language: 'ar',
      status: 'scheduled',
      q: 'دليل',
      page: '2',
    });
    // A new filter starts again at the first page; "Clear filters" empties the address.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/posts?language=ar&status=draft&q=${encodeURIComponent('دليل')}`,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/posts'));
    expect(screen.getByRole('searchbox', { name: 'Find in titles, descriptions and text' })).toHaveValue('');
  });

  it('reads the filters back from the address, as a reload does', async () => {
    const { calls } = mockFetch(() => json(postsPage([makePost({ title: 'Found' })], 2, 2)));
    const path = `/posts?language=ar&status=scheduled&q=${encodeURIComponent('السرعة')}&page=2`;
    renderAdmin(<PostsManager />, { path });
    await screen.findByText('Found');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ar');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');
    expect(screen.getByRole('searchbox', { name: 'Find in titles, descriptions and text' })).toHaveValue(
      'السرعة',
    );
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(calls)[0]?.url.searchParams ?? [])).toEqual({
      language: 'ar',
      status: 'scheduled',
      q: 'السرعة',
      page: '2',
    });
  });

  it('takes a value typed by hand that the list does not know as the default', async () => {
    const { calls } = mockFetch(() => json(postsPage([makePost({ title: 'Everything' })])));
    renderAdmin(<PostsManager />, { path: '/posts?language=fr&status=Draft&page=-3&q=%20%20' });
    await screen.findByText('Everything');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('All languages');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All statuses');
    expect(Object.fromEntries(listCalls(calls)[0]?.url.searchParams ?? [])).toEqual({ page: '1' });
  });

  it('labels a published post whose date is to come Scheduled, with the date and time it goes out', async () => {
    mockFetch(() =>
      json(
        postsPage([
          makePost({ title: 'Later', published_at: '2099-03-04T09:30:00.000Z' }),
          makePost({ title: 'Out', published_at: '2026-01-01T00:00:00.000Z' }),
        ]),
      ),
    );
    renderAdmin(<PostsManager />, { path: '/posts' });
    const later = (await screen.findByText('Later')).closest('tr') as HTMLElement;
    expect(within(later).getByText('Scheduled')).toBeInTheDocument();
    expect(within(later).getByText('Goes out on Mar 4, 2099, 1:30 PM GMT+4')).toBeInTheDocument();
    const out = screen.getByText('Out').closest('tr') as HTMLElement;
    expect(within(out).getByText('Published')).toBeInTheDocument();
    expect(within(out).queryByText(/Goes out/)).not.toBeInTheDocument();
  });

  it('replaces the screen with the error text when the list cannot be loaded', async () => {
    mockFetch(() => json({ message: 'Database unavailable' }, 500));
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes after confirming: the row is marked, then the list reloads', async () => {
    let posts = [makePost({ id: 7, title: 'Going' }), makePost({ id: 8, title: 'Staying' })];
    let release: () => void = () => {};
    const { calls } = mockFetch(async ({ method, url }) => {
      if (method === 'DELETE') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        posts = posts.filter((p) => `/api/posts/${p.id}` !== url.pathname);
        return json({ message: 'post_deleted' });
      }
      return json(postsPage(posts));
    });
    const success = vi.spyOn(toast, 'success');
    renderAdmin(<PostsManager />, { path: '/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Going”' }));
    expect(window.confirm).toHaveBeenCalledWith('Delete this post? This cannot be undone.');
    const row = screen.getByText('Going').closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(within(row).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByText('Going')).not.toBeInTheDocument());
    expect(screen.getByText('Staying')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Post deleted.');
    // Also written on the page, where focus goes (the row and its button are gone), and it stays.
    const notice = screen.getByText('Post deleted.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Post deleted.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/posts/7');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('does nothing when the confirmation is declined', async () => {
    stubConfirm(false);
    const { calls } = mockFetch(() => json(postsPage([makePost({ title: 'Kept' })])));
    renderAdmin(<PostsManager />, { path: '/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Kept”' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('steps back a page after deleting the only row of a page above 1', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (method === 'DELETE') return json({ message: 'post_deleted' });
      const page = Number(url.searchParams.get('page'));
      return json(
        page === 3
          ? postsPage([makePost({ title: 'Alone' })], 3, 3)
          : postsPage([makePost({ title: `Row on ${page}` })], page, 2),
      );
    });
    renderAdmin(<PostsManager />, { path: '/posts?page=3' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Alone”' }));
    expect(await screen.findByText('Row on 2')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/posts?page=2');
    expect(listCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['3', '2']);
  });

  it.each([
    { status: 403, body: { message: 'forbidden' }, text: 'You are not allowed to delete this post.' },
    { status: 500, body: { message: 'Disk full' }, text: 'Could not delete the post: 500 - Disk full' },
  ])('a $status on delete says so and keeps the row', async ({ status, body, text }) => {
    mockFetch(({ method }) =>
      method === 'DELETE' ? json(body, status) : json(postsPage([makePost({ title: 'Stuck' })])),
    );
    const error = vi.spyOn(toast, 'error');
    renderAdmin(<PostsManager />, { path: '/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Stuck”' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(text));
    expect(screen.getByRole('button', { name: 'Delete “Stuck”' })).toBeEnabled();
  });

  it('a 401 on delete sends the editor to sign in', async () => {
    mockFetch(({ method }) =>
      method === 'DELETE'
        ? json({ message: 'unauthenticated' }, 401)
        : json(postsPage([makePost({ title: 'Mine' })])),
    );
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    renderAdmin(<PostsManager />, { path: '/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Mine”' }));
    await waitFor(() => expect(listener).toHaveBeenCalled());
    stop();
  });

  it('offline, shows the page saved on this device with a note that it may be out of date', async () => {
    await savePostPage(
      {},
      1,
      postsPage([makePost({ title: 'Saved earlier' })]).data,
      new Date('2026-11-20T09:30:00Z'),
    );
    mockFetch(offline);
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(await screen.findByText('Saved earlier')).toBeInTheDocument();
    expect(
      screen.getByText(/You are offline\. This list was saved on .+ and may be out of date\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete “Saved earlier”' })).toBeDisabled();
  });

  it('offline with nothing saved, says the server did not answer', async () => {
    mockFetch(offline);
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server.');
  });

  it('keeps each loaded page on this device for offline reading', async () => {
    mockFetch(() => json(postsPage([makePost({ title: 'Fresh' })])));
    renderAdmin(<PostsManager />, { path: '/posts' });
    await screen.findByText('Fresh');
    const { readSavedPostPage } = await import('../api/saved-pages');
    await waitFor(async () => expect((await readSavedPostPage({}, 1))?.data.data[0]?.title).toBe('Fresh'));
  });
});
