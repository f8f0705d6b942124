import type { Post } from '@agency/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { makePost } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { editDraftKey, getDraft } from '../../drafts/api/draft-store';
import { EditPostPage } from '../../post-editor/components/edit-post-page';
import type { Revision } from '../api/revisions';

vi.mock(
  '../../post-editor/components/rich-text-editor',
  () => import('../../../testing/rich-text-editor-stub'),
);

const STORED = makePost({
  id: 7,
  slug: 'fox',
  title: 'The fox',
  content: '<p>The quick red fox jumps.</p><p>Second paragraph.</p>',
  updated_at: '2026-03-06T10:00:00.000Z',
});

function revision(id: number, overrides: Partial<Revision>): Revision {
  return {
    id,
    post_id: STORED.id,
    created_at: `2026-03-0${id + 3}T10:00:00.000Z`,
    author: { id: 1, name: 'Edith Editor' },
    title: STORED.title,
    slug: STORED.slug,
    description: STORED.description,
    content: STORED.content,
    seo_title: STORED.seo_title,
    seo_description: STORED.seo_description,
    poster_image: null,
    poster_image_url: null,
    poster_image_available: false,
    status: 'published',
    published_at: STORED.published_at,
    ...overrides,
  };
}

const REVISIONS = [
  revision(3, {}),
  revision(2, { content: '<p>The quick brown fox jumps.</p><p>Second paragraph.</p>' }),
  revision(1, { title: 'A fox', status: 'draft', content: '<p>The quick brown fox.</p>' }),
];

const summary = ({ id, created_at, author, title }: Revision) => ({ id, created_at, author, title });
const restores = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

function serve(restore: (call: Call) => Response) {
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/posts/fox') return json(STORED);
    if (call.method === 'GET' && path === '/api/posts/fox/revisions')
      return json({ data: REVISIONS.map(summary) });
    const one = /^\/api\/posts\/fox\/revisions\/(\d+)$/.exec(path);
    if (call.method === 'GET' && one) return json({ data: REVISIONS.find((r) => r.id === Number(one[1])) });
    if (call.method === 'POST' && path.endsWith('/restore')) return restore(call);
    return undefined;
  });
}

const restoredPost: Post = {
  ...STORED,
  content: REVISIONS[1]?.content ?? '',
  updated_at: '2026-03-07T10:00:00.000Z',
};

async function openRevisions(lng: 'en' | 'ar' = 'en') {
  renderAdmin(<EditPostPage slug="fox" />, { path: '/edit_blog/fox', route: '/edit_blog/:slug', lng });
  await userEvent.click(
    await screen.findByRole('button', { name: lng === 'en' ? 'Revisions' : 'النسخ السابقة' }),
  );
  return screen.findByRole('region', { name: lng === 'en' ? 'Revisions' : 'النسخ السابقة' });
}

/** The text of every mark of a kind in the content's comparison, as a screen reader reads it. */
function marks(panel: HTMLElement, selector: 'ins' | 'del') {
  return [...panel.querySelectorAll(`.revisions__text ${selector}`)].map((mark) => mark.textContent?.trim());
}

describe('the revisions panel', () => {
  beforeEach(async () => {
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens with the focus on its heading and compares the two newest, word by word, marked in words too', async () => {
    serve(() => json({}, 500));
    const panel = await openRevisions();
    expect(within(panel).getByRole('heading', { name: 'Revisions', level: 2 })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Hide revisions' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(marks(panel, 'ins')).toEqual(['added: red (end)']));
    expect(marks(panel, 'del')).toEqual(['removed: brown (end)']);
    // Paragraphs stay paragraphs.
    expect(panel.querySelector('.revisions__text')?.textContent).toContain('jumps.\n\nSecond paragraph.');
    expect(within(panel).getByText('added text (underlined)')).toBeInTheDocument();
    const list = within(panel).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Current version')).toBeInTheDocument();

    // Another pair: the fields that changed show too.
    await userEvent.selectOptions(within(panel).getByLabelText('From revision'), '1');
    const fields = await within(panel).findByRole('table', { name: 'Fields that changed' });
    const title = within(fields).getByRole('row', { name: /Title/ });
    expect(title.querySelector('del')?.textContent?.trim()).toBe('removed: A (end)');
    expect(title.querySelector('ins')?.textContent?.trim()).toBe('added: The (end)');
    const status = within(fields).getByRole('row', { name: /Status/ });
    expect(status).toHaveTextContent('removed: Draft (end)');
    expect(status).toHaveTextContent('added: Published (end)');

    // Closing gives the focus back to the button that opened it.
    await userEvent.click(within(panel).getByRole('button', { name: 'Close revisions' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revisions' })).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Revisions' })).not.toBeInTheDocument();
  });

  it('restores a revision with the version loaded, and the form shows the restored post', async () => {
    const { calls } = serve(() =>
      json({ message: 'post_restored', data: { ...restoredPost, title: 'Restored' } }),
    );
    const panel = await openRevisions();
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Restore the revision of Mar 5, 2026/ }),
    );
    expect(
      await within(panel).findByText("The revision is restored: it is the post's current version now."),
    ).toHaveFocus();
    expect(restores(calls)[0]?.url.pathname).toBe('/api/posts/fox/revisions/2/restore');
    expect(JSON.parse(String(restores(calls)[0]?.body))).toEqual({ version: STORED.updated_at });
    expect(screen.getByLabelText('Title')).toHaveValue('Restored');
    expect(screen.getByLabelText('Content')).toHaveValue(restoredPost.content);
  });

  it('says when the image could not come back', async () => {
    serve(() => json({ message: 'post_restored_without_image', data: restoredPost }));
    const panel = await openRevisions();
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Restore the revision of Mar 5/ }),
    );
    expect(
      await within(panel).findByText(/restored without its featured image, which was deleted since/),
    ).toBeInTheDocument();
  });

  it('says a newer save was made elsewhere (409) and restores nothing', async () => {
    const theirs = { ...STORED, title: 'Their title', updated_at: '2026-03-08T10:00:00.000Z' };
    serve(() => json({ message: 'post_conflict', current: theirs }, 409));
    const panel = await openRevisions();
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Restore the revision of Mar 5/ }),
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Someone else saved this post after you opened it, so nothing was restored.',
    );
    expect(alert).toHaveFocus();
    // The form had no unsent changes: it shows their save.
    expect(screen.getByLabelText('Title')).toHaveValue('Their title');
  });

  it('keeps unsent changes as the draft and asks about them, as for a newer server copy', async () => {
    serve(() => json({ message: 'post_restored', data: restoredPost }));
    const panel = await openRevisions();
    await userEvent.type(screen.getByLabelText('Title'), ' (mine)');
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Restore the revision of Mar 5/ }),
    );
    const prompt = await screen.findByRole('alertdialog', { name: 'You have an unsent draft' });
    expect(prompt).toHaveTextContent('The post has also been changed on the server since then');
    expect((await getDraft(editDraftKey('fox')))?.fields.title).toBe('The fox (mine)');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Restore draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('The fox (mine)');
  });

  it('follows a restored slug to its address, taking unsent changes along as the draft there', async () => {
    serve(() => json({ message: 'post_restored', data: { ...restoredPost, slug: 'old-fox' } }));
    const panel = await openRevisions();
    await userEvent.type(screen.getByLabelText('Title'), ' (mine)');
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Restore the revision of Mar 5/ }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/edit_blog/old-fox'));
    expect((await getDraft(editDraftKey('old-fox')))?.fields.title).toBe('The fox (mine)');
    expect(await getDraft(editDraftKey('fox'))).toBeUndefined();
  });

  it('speaks Arabic, right to left', async () => {
    serve(() => json({}, 500));
    const panel = await openRevisions('ar');
    expect(within(panel).getByRole('heading', { name: 'النسخ السابقة', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(marks(panel, 'ins')).toEqual(['مضاف: red (نهاية)']));
    expect(marks(panel, 'del')).toEqual(['محذوف: brown (نهاية)']);
    expect(within(panel).getByLabelText('من النسخة')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
