import { instantOfLocal } from '@agency/core/rules';
import type { EditorForm } from './form-state';

/**
 * The multipart body of POST /api/posts and PUT /api/posts/{slug}. Empty fields are left out (spec
 * section 5); `published_at` is sent as ISO 8601 with the browser's offset (`2026-12-01T09:30:00+04:00`); the featured image only when one was chosen (a file, or `library_image`: a library image's stored name); `version` and `remove_poster_image` for updates;
 * `translation_of` when a new post is linked, or when an edit changed its link (empty: unlinked);
 * `keep_translation_image` when a new translation keeps the image of the post it translates, which the form
 * shows (`showsTranslationImage`) and the server then copies for it.
 */
export function postFormData(
  form: EditorForm,
  mode: 'create' | 'update',
  showsTranslationImage = false,
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    // The date and time on the editor's clock go as the moment they name, with its offset.
    const sent = name === 'published_at' ? instantOfLocal(String(value ?? '')) : value;
    if (sent === null || sent === undefined || String(sent).trim() === '') continue;
    data.append(name, String(sent));
  }
  if (form.image) {
    data.append('poster_image', new File([form.image.blob], form.image.name, { type: form.image.type }));
  } else if (form.libraryImage) {
    // An image of the library becomes the featured image by its stored name, without uploading it again.
    data.append('library_image', form.libraryImage.name);
  }
  const chosen = Boolean(form.image || form.libraryImage);
  const translationId = form.translation?.id ?? null;
  if (mode === 'create') {
    if (translationId !== null) data.append('translation_of', String(translationId));
    if (translationId !== null && showsTranslationImage && !chosen && !form.removeImage)
      data.append('keep_translation_image', '1');
  } else {
    if (form.baseVersion) data.append('version', form.baseVersion);
    if (form.removeImage && !chosen) data.append('remove_poster_image', '1');
    // Only a link the editor changed: a save that did not touch it undoes nobody else's link.
    if (translationId !== form.baseTranslationId)
      data.append('translation_of', translationId === null ? '' : String(translationId));
  }
  return data;
}
