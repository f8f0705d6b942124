import { type Post, toast } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch, offline } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { makePost } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { editDraftKey, getDraft, saveDraft } from '../../drafts/api/draft-store';
import { formFromPost } from '../lib/form-state';
import { EditPostPage } from './edit-post-page';

vi.mock('./rich-text-editor', () => import('../../../testing/rich-text-editor-stub'));

const STORED = makePost({
  id: 5,
  slug: 'hello',
  title: 'Hello',
  description: 'Stored description',
  poster_image: 'cover.webp',
  poster_image_url: '/storage/poster_images/cover.webp',
  published_at: '2026-03-04T00:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
});

const field = (label: string) => screen.getByLabelText(label);
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
const sent = (call: Call | undefined) =>
  Object.fromEntries(
    (call as Call).body instanceof FormData ? ((call as Call).body as FormData).entries() : [],
  );

function serve(handler: (call: Call) => Response | undefined = () => undefined, post: Post = STORED) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `/api/posts/${post.slug}`) return json(post);
    return handler(call);
  });
}

function renderEdit(slug = 'hello') {
  return renderAdmin(<EditPostPage slug={slug} />, { path: `/edit_blog/${slug}`, route: '/edit_blog/:slug' });
}

describe('EditPostPage', () => {
  beforeEach(async () => {
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a stored post dated ahead as scheduled, and an unchanged save sends its moment back to the second', async () => {
    const scheduled = { ...STORED, published_at: '2999-01-01T09:30:45.000+04:00' };
    const { calls } = serve(
      ({ method }) => (method === 'PUT' ? json({ data: scheduled }) : undefined),
      scheduled,
    );
    renderEdit();
    expect(await screen.findByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Goes out on Jan 1, 2999, 9:30 AM GMT+4')).toBeInTheDocument();
    expect(field('Time')).toHaveValue('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(sent(puts(calls)[0]).published_at).toBe('2999-01-01T09:30:45+04:00');
  });

  it('loads the post in the page language: fields, date and time on the editor’s clock, current image as a link', async () => {
    const { calls } = serve();
    renderEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('Hello');
    expect(field('Description')).toHaveValue('Stored description');
    // 00:00 UTC is 04:00 in Dubai, where the tests' browser is.
    expect(field('Publication date')).toHaveValue('2026-03-04');
    expect(field('Time')).toHaveValue('04:00');
    expect(screen.getByText('Asia/Dubai (UTC+04:00)')).toBeInTheDocument();
    // Published and out: nothing to schedule, nothing to publish now.
    expect(screen.queryByText('Scheduled')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Current image' })).toHaveAttribute(
      'href',
      '/storage/poster_images/cover.webp',
    );
    expect(screen.getByText('Saved to server')).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('language')).toBe('en');
  });

  it('updates with the version it loaded, and asks to remove the image when told', async () => {
    const { calls } = serve(({ method }) =>
      method === 'PUT'
        ? json({
            message: 'post_updated',
            data: {
              ...STORED,
              title: 'Hello again',
              poster_image_url: null,
              updated_at: '2026-03-05T00:00:00.000Z',
            },
          })
        : undefined,
    );
    renderEdit();
    await userEvent.type(await screen.findByLabelText('Title'), ' again');
    expect(field('Slug')).toHaveValue('hello');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByText('The image will be removed when you update the post.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
    expect(await screen.findByText('Post updated.')).toBeInTheDocument();
    expect(puts(calls)[0]?.url.pathname).toBe('/api/posts/hello');
    expect(sent(puts(calls)[0])).toMatchObject({
      title: 'Hello again',
      version: '2026-03-04T10:00:00.000Z',
      remove_poster_image: '1',
    });
    expect(screen.queryByRole('link', { name: 'Current image' })).not.toBeInTheDocument();
    expect(await getDraft(editDraftKey('hello'))).toBeUndefined();
  });

  it('goes to the new edit path when the slug changed on save', async () => {
    serve(({ method }) => (method === 'PUT' ? json({ data: { ...STORED, slug: 'renamed' } }) : undefined));
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Slug'));
    await userEvent.type(field('Slug'), 'renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts/edit/renamed'));
  });

  it('a failed load goes to /posts with post_fetch_error', async () => {
    mockFetch(() => json({ message: 'Blog post not found' }, 404));
    const error = vi.spyOn(toast, 'error');
    renderEdit('missing');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(error).toHaveBeenCalledWith('The post could not be loaded.');
  });

  it('a failed update keeps the draft and says what the server said', async () => {
    serve(({ method }) => (method === 'PUT' ? new Response('Bad gateway', { status: 502 }) : undefined));
    renderEdit();
    await userEvent.type(await screen.findByLabelText('Description'), ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not update the post: 502 - Bad gateway');
    expect(alert).toHaveTextContent('Your work is kept on this device as a draft.');
    expect((await getDraft(editDraftKey('hello')))?.fields.description).toBe('Stored description changed');
  });

  it('a new featured image the server cannot store (read-only storage) is said so, and the draft keeps it', async () => {
    serve(({ method }) => (method === 'PUT' ? json({ message: 'storage_unavailable' }, 503) : undefined));
    renderEdit();
    await userEvent.type(await screen.findByLabelText('Description'), ' changed');
    await userEvent.upload(
      screen.getByLabelText('Choose an image'),
      new File(['png'], 'new-cover.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Could not update the post: 503 - The server cannot store images right now: its storage cannot be written. Ask the site's administrator, then try again.",
    );
    expect(alert).toHaveTextContent('Your work is kept on this device as a draft.');
    const draft = await getDraft(editDraftKey('hello'));
    expect(draft?.fields.description).toBe('Stored description changed');
    expect(draft?.image?.name).toBe('new-cover.png');
  });

  describe('when someone else saved first (409)', () => {
    const theirs = { ...STORED, title: 'Their title', updated_at: '2026-03-04T11:00:00.000Z' };
    let calls: Call[];
    beforeEach(async () => {
      let first = true;
      ({ calls } = serve(({ method }) => {
        if (method !== 'PUT') return undefined;
        if (first) {
          first = false;
          return json({ message: 'post_conflict', current: theirs }, 409);
        }
        return json({ data: { ...STORED, title: 'My title', updated_at: '2026-03-04T12:00:00.000Z' } });
      }));
      renderEdit();
      await userEvent.clear(await screen.findByLabelText('Title'));
      await userEvent.type(field('Title'), 'My title');
      await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
      await screen.findByRole('alertdialog', { name: 'This post was changed elsewhere' });
    });

    it('keeping mine sends it again over the newer version', async () => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Someone else saved this post after you opened it.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
      expect(await screen.findByText('Post updated.')).toBeInTheDocument();
      expect(sent(puts(calls)[1])).toMatchObject({ title: 'My title', version: '2026-03-04T11:00:00.000Z' });
      expect(await getDraft(editDraftKey('hello'))).toBeUndefined();
    });

    it("taking the server's replaces the form and drops the draft", async () => {
      await userEvent.click(screen.getByRole('button', { name: "Take the server's version" }));
      expect(field('Title')).toHaveValue('Their title');
      await waitFor(async () => expect(await getDraft(editDraftKey('hello'))).toBeUndefined());
      expect(puts(calls)).toHaveLength(1);
      expect(screen.getByText('Saved to server')).toBeInTheDocument();
    });
  });

  it('offers a newer draft of this post, and restores it', async () => {
    serve();
    await saveDraft({
      key: editDraftKey('hello'),
      kind: 'edit',
      slug: 'hello',
      ...formFromPost(STORED),
      fields: { ...formFromPost(STORED).fields, title: 'Draft title' },
    });
    renderEdit();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'It is newer than the copy on the server.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
    expect(field('Title')).toHaveValue('Draft title');
    expect(screen.getByText(/^Saved on this device at/)).toBeInTheDocument();
  });

  it('a draft started from an older copy than the server warns that a save will ask which to keep', async () => {
    serve();
    await saveDraft({
      key: editDraftKey('hello'),
      kind: 'edit',
      slug: 'hello',
      ...formFromPost(STORED),
      baseVersion: '2026-01-01T00:00:00.000Z',
      fields: { ...formFromPost(STORED).fields, title: 'Draft title' },
    });
    renderEdit();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The post has also been changed on the server since then',
    );
  });

  it('offline, opens the draft saved on this device', async () => {
    mockFetch(offline);
    await saveDraft({
      key: editDraftKey('hello'),
      kind: 'edit',
      slug: 'hello',
      ...formFromPost(STORED),
      fields: { ...formFromPost(STORED).fields, title: 'Offline title' },
    });
    renderEdit();
    expect(
      await screen.findByText('You are offline: this is your draft saved on this device.'),
    ).toBeInTheDocument();
    expect(field('Title')).toHaveValue('Offline title');
  });

  it('deletes after confirming: post_deleted, then /posts after 1500 ms', async () => {
    stubConfirm(true);
    const { calls } = serve(({ method }) =>
      method === 'DELETE' ? json({ message: 'post_deleted' }) : undefined,
    );
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/posts/hello');
    expect(screen.getByTestId('location')).toHaveTextContent('/edit_blog/hello');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/), {
      timeout: 2500,
    });
  });

  it('a delete of a post already gone says so in the page language', async () => {
    stubConfirm(true);
    serve(({ method }) => (method === 'DELETE' ? json({ message: 'Blog post not found' }, 404) : undefined));
    renderAdmin(<EditPostPage slug="hello" />, {
      path: '/edit_blog/hello',
      route: '/edit_blog/:slug',
      lng: 'ar',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'حذف المقال' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر حذف المقال: 404 - المقال غير موجود.');
  });

  describe('renaming a published post', () => {
    it('says under the slug that the old address will redirect, once the slug differs from the saved one', async () => {
      serve();
      renderEdit();
      const slug = await screen.findByLabelText('Slug');
      expect(screen.queryByText(/old address will redirect/)).not.toBeInTheDocument();
      await userEvent.clear(slug);
      await userEvent.type(slug, 'hello-world');
      const note = screen.getByText(/old address will redirect to the new one/);
      expect(note).toHaveTextContent('Old address: /blog/hello');
      // Read with the field (its description), and saving stays one keystroke away.
      expect(slug).toHaveAccessibleDescription(expect.stringContaining('old address will redirect'));
      expect(screen.getByRole('button', { name: 'Update post' })).toBeEnabled();
      await userEvent.clear(slug);
      await userEvent.type(slug, 'hello');
      expect(screen.queryByText(/old address will redirect/)).not.toBeInTheDocument();
    });

    it('says it in Arabic', async () => {
      serve(undefined, { ...STORED, language: 'ar' });
      renderAdmin(<EditPostPage slug="hello" />, {
        path: '/edit_blog/hello',
        route: '/edit_blog/:slug',
        lng: 'ar',
      });
      const slug = await screen.findByLabelText('الرابط المختصر');
      await userEvent.clear(slug);
      await userEvent.type(slug, 'marhaba');
      expect(screen.getByText(/سيُحوَّل عنوانه القديم إلى العنوان الجديد/)).toHaveTextContent(
        'العنوان القديم: /blog/hello',
      );
    });

    it('says nothing for a draft: no reader knows its address', async () => {
      serve(undefined, { ...STORED, status: 'draft' });
      renderEdit();
      const slug = await screen.findByLabelText('Slug');
      await userEvent.clear(slug);
      await userEvent.type(slug, 'hello-world');
      expect(screen.queryByText(/old address will redirect/)).not.toBeInTheDocument();
    });

    it('goes on at the current address when opened at an old slug', async () => {
      mockFetch((call) =>
        call.method === 'GET' && call.url.pathname === '/api/posts/old-hello' ? json(STORED) : undefined,
      );
      renderEdit('old-hello');
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/edit_blog\/hello$/));
    });
  });

  it('a refused delete says so and stays', async () => {
    stubConfirm(true);
    serve(({ method }) => (method === 'DELETE' ? json({ message: 'forbidden' }, 403) : undefined));
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to delete this post.');
    expect(screen.getByRole('button', { name: 'Delete post' })).toBeEnabled();
  });
});
