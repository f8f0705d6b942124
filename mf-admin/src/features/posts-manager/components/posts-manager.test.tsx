import { toast } from '@agency/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('shows a loading row, then title with the slug beneath, status, language word and long date', async () => {
    mockFetch(() =>
      json(postsPage([makePost({ title: 'Hello world', slug: 'hello-world', status: 'draft' })])),
    );
    renderAdmin(<PostsManager />, { path: '/posts' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading posts…');
    const row = (await screen.findByText('Hello world')).closest('tr') as HTMLElement;
    expect(within(row).getByText('hello-world')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('English')).toBeInTheDocument();
    expect(within(row).getByText('November 21, 2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit “Hello world”' })).toHaveAttribute(
      'href',
      '/edit_blog/hello-world',
    );
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/new_blog');
  });

  it("shows each post's translation: a link to edit it, marked when a draft, or missing", async () => {
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
    expect(within(await row('Alone')).getByText('Missing')).toBeInTheDocument();
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

  it('in Arabic: right to left, العربية, and the date in Arabic (Egypt)', async () => {
    const { calls } = mockFetch(() =>
      json(
        postsPage([makePost({ title: 'مرحبا', language: 'ar', published_at: '2026-11-21T00:00:00.000Z' })]),
      ),
    );
    renderAdmin(<PostsManager />, { path: '/posts', lng: 'ar' });
    const row = (await screen.findByText('مرحبا')).closest('tr') as HTMLElement;
    expect(within(row).getByText('العربية')).toBeInTheDocument();
    expect(within(row).getByText('٢١ نوفمبر ٢٠٢٦')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'المقالات' }).closest('section')).toHaveAttribute(
      'dir',
      'rtl',
    );
    expect(listCalls(calls)[0]?.url.searchParams.get('language')).toBe('ar');
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

  it('reloads when the language changes', async () => {
    const { calls } = mockFetch(({ url }) =>
      json(postsPage([makePost({ title: `In ${url.searchParams.get('language')}` })])),
    );
    const { i18n } = renderAdmin(<PostsManager />, { path: '/posts' });
    expect(await screen.findByText('In en')).toBeInTheDocument();
    await i18n.changeLanguage('ar');
    expect(await screen.findByText('In ar')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
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
      'en',
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
    await waitFor(async () => expect((await readSavedPostPage('en', 1))?.data.data[0]?.title).toBe('Fresh'));
  });
});
