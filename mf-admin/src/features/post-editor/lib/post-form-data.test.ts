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
});
