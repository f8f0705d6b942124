import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { makePost, postsPage } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { type EditorForm, emptyForm, formFromDraft, formFromPost, formReducer } from '../lib/form-state';
import { postFormData } from '../lib/post-form-data';
import { TranslationCard } from './translation-card';

/** The card over a real form reducer; the form as it is now is written out for the test to read. */
let current: EditorForm;
function Harness({ initial, storedSlug = null }: { initial: EditorForm; storedSlug?: string | null }) {
  const [form, dispatch] = useReducer(formReducer, initial);
  current = form;
  return <TranslationCard form={form} dispatch={dispatch} storedSlug={storedSlug} disabled={false} />;
}

const arabic = makePost({ id: 40, slug: 'دليل', title: 'دليل السرعة', language: 'ar', status: 'draft' });
const english = makePost({ id: 41, slug: 'speed-guide', title: 'Speed guide', language: 'en' });

describe('TranslationCard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the linked translation with its state and a link to edit it, and can take the link off', async () => {
    mockFetch(() => json(postsPage([])));
    const stored = formFromPost({ ...english, translations: [arabic] });
    renderAdmin(<Harness initial={stored} storedSlug="speed-guide" />);
    const link = screen.getByRole('link', { name: 'دليل السرعة' });
    expect(link).toHaveAttribute('href', `/edit_blog/${encodeURIComponent('دليل')}`);
    expect(screen.getByText('Arabic version:')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    // Saved already: nothing is said to be pending, and a save sends no translation_of.
    expect(screen.queryByText('The link is saved with the post.')).not.toBeInTheDocument();
    expect(postFormData(current, 'update').has('translation_of')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the link' }));
    expect(current.translation).toBeNull();
    expect(screen.getByText('The link will be removed when you save the post.')).toBeInTheDocument();
    // The save takes the post out of its link.
    expect(postFormData(current, 'update').get('translation_of')).toBe('');
  });

  it('offers to write the Arabic version of a stored post, as a new post linked to it', async () => {
    mockFetch(() => json(postsPage([])));
    renderAdmin(<Harness initial={formFromPost(english)} storedSlug="speed-guide" />);
    expect(screen.getByRole('link', { name: 'Write the Arabic version' })).toHaveAttribute(
      'href',
      '/new_blog?translation_of=speed-guide',
    );
    // A post not saved yet has nothing to link to from the other side.
    expect(await screen.findByText('No post found.')).toBeInTheDocument();
  });

  it('lists the newest posts of the other language missing a translation, and searches them by title', async () => {
    const linkedElsewhere = makePost({
      id: 42,
      title: 'دليل المتاجر',
      language: 'ar',
      translations: [{ id: 99, language: 'en', slug: 'shops', title: 'Shops', status: 'published' }],
    });
    const { calls } = mockFetch((call) => {
      if (call.url.pathname !== '/api/posts') return undefined;
      return json(postsPage(call.url.searchParams.get('q') ? [arabic, linkedElsewhere] : [arabic]));
    });
    renderAdmin(<Harness initial={formFromPost(english)} storedSlug="speed-guide" />);
    await screen.findByRole('button', { name: /دليل السرعة/ });
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      language: 'ar',
      translation: 'missing',
      per_page: '8',
    });

    await userEvent.type(screen.getByLabelText('Or link an existing Arabic post'), 'دليل');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('q')).toBe('دليل'));
    expect(calls.at(-1)?.url.searchParams.get('language')).toBe('ar');
    // A post that is already another post's translation cannot be chosen, and says whose.
    const taken = await screen.findByRole('button', { name: /دليل المتاجر/ });
    expect(taken).toBeDisabled();
    expect(taken).toHaveTextContent('already the translation of “Shops”');

    await userEvent.click(screen.getByRole('button', { name: /دليل السرعة/ }));
    expect(current.translation).toEqual({
      id: 40,
      language: 'ar',
      slug: 'دليل',
      title: 'دليل السرعة',
      status: 'draft',
    });
    expect(screen.getByText('The link is saved with the post.')).toBeInTheDocument();
    expect(postFormData(current, 'update').get('translation_of')).toBe('40');
  });

  it('says when the posts cannot be loaded, in Arabic too', async () => {
    mockFetch(() => json({ message: 'boom' }, 500));
    renderAdmin(<Harness initial={emptyForm('ar')} />, { lng: 'ar' });
    expect(await screen.findByText('تعذّر تحميل المقالات.')).toBeInTheDocument();
    expect(screen.getByLabelText('أو اربطه بمقال إنجليزي موجود')).toBeInTheDocument();
    // A new post has no stored address to write a translation of yet.
    expect(screen.queryByRole('link', { name: 'اكتب النسخة الإنجليزية' })).not.toBeInTheDocument();
  });
});

describe('the translation in the form', () => {
  it('is dropped when the post moves to its language, and sent on create only when set', () => {
    const linked = {
      ...emptyForm('en'),
      translation: { id: 40, language: 'ar' as const, slug: 'x', title: 'x', status: 'draft' as const },
    };
    expect(postFormData(linked, 'create').get('translation_of')).toBe('40');
    expect(postFormData(emptyForm('en'), 'create').has('translation_of')).toBe(false);
    const moved = formReducer(linked, { type: 'field', name: 'language', value: 'ar' });
    expect(moved.translation).toBeNull();
  });

  it('comes back with a restored draft; a draft saved before links were edited leaves the link alone', () => {
    const link = { id: 40, language: 'ar' as const, slug: 'x', title: 'x', status: 'draft' as const };
    const base = { key: 'edit:speed-guide', kind: 'edit' as const, slug: 'speed-guide', savedAt: '' };
    const restored = formFromDraft({
      ...base,
      ...emptyForm('en'),
      postId: 41,
      translation: link,
      baseTranslationId: null,
    });
    expect(restored.translation).toEqual(link);
    expect(postFormData(restored, 'update').get('translation_of')).toBe('40');
    const { postId: _p, translation: _t, baseTranslationId: _b, ...older } = { ...base, ...emptyForm('en') };
    const old = formFromDraft(older);
    expect(old.translation).toBeNull();
    expect(postFormData(old, 'update').has('translation_of')).toBe(false);
  });
});
