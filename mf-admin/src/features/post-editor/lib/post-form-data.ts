import type { EditorForm } from './form-state';

/**
 * The multipart body of POST /api/posts and PUT /api/posts/{slug}. Empty fields are left out (spec
 * section 5); the featured image only when one was chosen; `version` and `remove_poster_image` for updates.
 */
export function postFormData(form: EditorForm, mode: 'create' | 'update'): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    if (value === null || value === undefined || String(value).trim() === '') continue;
    data.append(name, String(value));
  }
  if (form.image) {
    data.append('poster_image', new File([form.image.blob], form.image.name, { type: form.image.type }));
  }
  if (mode === 'update') {
    if (form.baseVersion) data.append('version', form.baseVersion);
    if (form.removeImage && !form.image) data.append('remove_poster_image', '1');
  }
  return data;
}
