import { nowInputValue } from '@agency/core/rules';
import { describe, expect, it } from 'vitest';
import { makePost } from '../../../testing/posts';
import { emptyForm, formFromDraft, formFromPost, formReducer, sameContent } from './form-state';

describe('form state', () => {
  it('a new post is a draft in English dated this minute, everything else empty', () => {
    expect(emptyForm(undefined, '2026-11-21T09:30:00').fields).toEqual({
      language: 'en',
      title: '',
      slug: '',
      status: 'draft',
      description: '',
      content: '',
      seo_title: '',
      seo_description: '',
      published_at: '2026-11-21T09:30:00',
    });
    expect(emptyForm().fields.published_at).toBe(nowInputValue());
  });

  it('the slug follows the title until the slug field is focused, and again once resumed', () => {
    let form = emptyForm();
    form = formReducer(form, { type: 'field', name: 'title', value: 'Hello, World!' });
    expect(form.fields.slug).toBe('hello-world');
    form = formReducer(form, { type: 'slugFocused' });
    form = formReducer(form, { type: 'field', name: 'title', value: 'Something else' });
    expect(form.fields.slug).toBe('hello-world');
    form = formReducer(form, { type: 'resumeSlug' });
    expect(form.fields.slug).toBe('something-else');
    form = formReducer(form, { type: 'field', name: 'title', value: 'مرحبا بالعالم' });
    expect(form.fields.slug).toBe('مرحبا-بالعالم');
  });

  it('an edit keeps its slug when the title changes, and shows published_at on the editor’s clock', () => {
    // 22:15 UTC on 3 March is 02:15 on 4 March in Dubai, where the tests' browser is.
    const form = formFromPost(makePost({ slug: 'kept', published_at: '2026-03-03T22:15:30.000Z' }));
    expect(form.fields.published_at).toBe('2026-03-04T02:15:30');
    // The server writes it on the site's clock: the same moment.
    expect(
      formFromPost(makePost({ published_at: '2026-03-04T02:15:30.000+04:00' })).fields.published_at,
    ).toBe('2026-03-04T02:15:30');
    expect(formReducer(form, { type: 'field', name: 'title', value: 'New title' }).fields.slug).toBe('kept');
  });

  it('compares what would be sent', () => {
    const a = emptyForm('en', '2026-11-21T09:30:00');
    expect(sameContent(a, { ...a, baseVersion: 'x', slugFollowsTitle: false })).toBe(true);
    expect(sameContent(a, formReducer(a, { type: 'field', name: 'description', value: 'd' }))).toBe(false);
    expect(sameContent(a, { ...a, removeImage: true })).toBe(false);
  });

  it('a draft kept before posts had a time opens at the start of its day', () => {
    const draft = { key: 'new:x', kind: 'new' as const, slug: null, savedAt: '2026-11-20T10:00:00.000Z' };
    const form = emptyForm('en', '2026-11-21');
    expect(formFromDraft({ ...draft, ...form }).fields.published_at).toBe('2026-11-21T00:00:00');
    const timed = emptyForm('en', '2026-11-21T09:30:00');
    expect(formFromDraft({ ...draft, ...timed }).fields.published_at).toBe('2026-11-21T09:30:00');
  });

  it('one featured image at a time: a library image replaces a chosen file, and the other way round', () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const libraryImage = {
      name: `${'b'.repeat(32)}.webp`,
      url: '/storage/poster_images/b.webp',
      file_name: 'b.jpg',
    };
    let form = formReducer(emptyForm(), { type: 'image', image: { blob, name: 'a.png', type: 'image/png' } });
    form = formReducer({ ...form, removeImage: true }, { type: 'libraryImage', image: libraryImage });
    expect(form).toMatchObject({ image: null, libraryImage, removeImage: false });
    expect(sameContent(form, emptyForm(undefined, form.fields.published_at))).toBe(false);
    form = formReducer(form, { type: 'image', image: { blob, name: 'a.png', type: 'image/png' } });
    expect(form.libraryImage).toBeNull();
  });

  it('a draft keeps the library image chosen (a draft kept before the library has none)', () => {
    const libraryImage = {
      name: `${'c'.repeat(32)}.webp`,
      url: '/storage/poster_images/c.webp',
      file_name: '',
    };
    const form = { ...emptyForm(), libraryImage };
    const draft = {
      key: 'new:1',
      kind: 'new' as const,
      slug: null,
      savedAt: '2026-11-21T10:00:00Z',
      ...form,
    };
    expect(formFromDraft(draft).libraryImage).toEqual(libraryImage);
    const { libraryImage: _none, ...older } = draft;
    expect(formFromDraft(older).libraryImage).toBeNull();
  });
});
