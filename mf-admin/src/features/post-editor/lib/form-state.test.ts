import { describe, expect, it } from 'vitest';
import { makePost } from '../../../testing/posts';
import { emptyForm, formFromPost, formReducer, sameContent } from './form-state';

describe('form state', () => {
  it('a new post is a draft in English dated today, everything else empty', () => {
    expect(emptyForm(undefined, '2026-11-21').fields).toEqual({
      language: 'en',
      title: '',
      slug: '',
      status: 'draft',
      description: '',
      content: '',
      seo_title: '',
      seo_description: '',
      published_at: '2026-11-21',
    });
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

  it('an edit keeps its slug when the title changes, and uses only the date part of published_at', () => {
    const form = formFromPost(makePost({ slug: 'kept', published_at: '2026-03-04T00:00:00.000Z' }));
    expect(form.fields.published_at).toBe('2026-03-04');
    expect(formReducer(form, { type: 'field', name: 'title', value: 'New title' }).fields.slug).toBe('kept');
  });

  it('compares what would be sent', () => {
    const a = emptyForm('en', '2026-11-21');
    expect(sameContent(a, { ...a, baseVersion: 'x', slugFollowsTitle: false })).toBe(true);
    expect(sameContent(a, formReducer(a, { type: 'field', name: 'description', value: 'd' }))).toBe(false);
    expect(sameContent(a, { ...a, removeImage: true })).toBe(false);
  });
});
