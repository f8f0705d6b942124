import { describe, expect, it } from 'vitest';
import { emptyForm } from './form-state';
import { postFormData } from './post-form-data';

const entries = (data: FormData) => Object.fromEntries([...data.keys()].map((key) => [key, data.get(key)]));

describe('postFormData', () => {
  const form = emptyForm('ar', '2026-11-21T09:30:00');
  form.fields = {
    ...form.fields,
    title: 'T',
    slug: 't',
    description: '  ',
    content: '<p>x</p>',
    seo_title: '',
  };

  it('leaves empty fields out, and the image unless one was chosen; the date and time go with their offset', () => {
    expect(entries(postFormData(form, 'create'))).toEqual({
      language: 'ar',
      title: 'T',
      slug: 't',
      status: 'draft',
      content: '<p>x</p>',
      // 09:30 on the editor's clock in Dubai.
      published_at: '2026-11-21T09:30:00+04:00',
    });
  });

  it('sends the chosen image as a file named as it was chosen', () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const data = postFormData({ ...form, image: { blob, name: 'cover.png', type: 'image/png' } }, 'create');
    const file = data.get('poster_image') as File;
    expect(file.name).toBe('cover.png');
    expect(file.type).toBe('image/png');
  });

  it('updates carry the version they started from, and remove_poster_image when asked', () => {
    const update = { ...form, baseVersion: '2026-11-21T10:11:12.345Z', removeImage: true };
    expect(entries(postFormData(update, 'update'))).toMatchObject({
      version: '2026-11-21T10:11:12.345Z',
      remove_poster_image: '1',
    });
    expect(postFormData(update, 'create').has('version')).toBe(false);
    expect(postFormData({ ...form, removeImage: false }, 'update').has('remove_poster_image')).toBe(false);
  });

  it('sends an image of the library by its stored name; a file chosen after it wins', () => {
    const libraryImage = {
      name: `${'a'.repeat(32)}.webp`,
      url: '/storage/poster_images/x.webp',
      file_name: 'x.jpg',
    };
    const update = { ...form, libraryImage, removeImage: true, baseVersion: 'v1' };
    const sent = postFormData(update, 'update');
    expect(sent.get('library_image')).toBe(libraryImage.name);
    expect(sent.has('poster_image')).toBe(false);
    // The library's image replaces the stored one: nothing to remove.
    expect(sent.has('remove_poster_image')).toBe(false);
    const blob = new Blob(['png'], { type: 'image/png' });
    const both = postFormData({ ...update, image: { blob, name: 'c.png', type: 'image/png' } }, 'update');
    expect(both.has('library_image')).toBe(false);
    expect(both.has('poster_image')).toBe(true);
    // A new translation that chose an image of its own does not keep the translated post's.
    const translation = {
      id: 4,
      language: 'en' as const,
      slug: 'other',
      title: 'Other',
      status: 'draft' as const,
    };
    const create = postFormData({ ...form, libraryImage, translation }, 'create', true);
    expect(create.has('keep_translation_image')).toBe(false);
  });
});
