import type { Language, Post, PostTranslation } from '@agency/core';
import { localDateTimeValue, nowInputValue, slugify } from '@agency/core/rules';
import type { DraftRecord, LibraryImage, PostFields, StoredImage } from '../../drafts/api/draft-store';

/** The site's other language: the one a post's translation is written in. */
export const otherLanguage = (language: Language): Language => (language === 'en' ? 'ar' : 'en');

/** Everything the create and edit forms hold; it is also what a draft stores. */
export interface EditorForm {
  fields: PostFields;
  slugFollowsTitle: boolean;
  /** A newly chosen featured image. */
  image: StoredImage | null;
  /** A featured image chosen from the media library (a new file chosen after it replaces it). */
  libraryImage: LibraryImage | null;
  /** Drop the image the form shows: edit, the stored one; a new translation, that of the post it translates. */
  removeImage: boolean;
  /** Edit: the stored image's URL (never sent). */
  existingImage: string | null;
  /** Edit: `updated_at` of the server copy the form started from. */
  baseVersion: string | null;
  /** Edit: the stored post's id (never sent; the translation picker leaves the post itself out). */
  postId: number | null;
  /** The post in the other language this one is linked to, as the form will save it; null for none. */
  translation: PostTranslation | null;
  /** Edit: the id of the translation the stored post had; `translation_of` is sent only when it changes. */
  baseTranslationId: number | null;
}

/**
 * A new post: draft, dated this minute on the editor's clock, everything else empty (spec section 3, with a
 * time); English unless told otherwise.
 */
export function emptyForm(language: Language = 'en', now: string = nowInputValue()): EditorForm {
  return {
    fields: {
      language,
      title: '',
      slug: '',
      status: 'draft',
      description: '',
      content: '',
      seo_title: '',
      seo_description: '',
      published_at: now,
    },
    slugFollowsTitle: true,
    image: null,
    libraryImage: null,
    removeImage: false,
    existingImage: null,
    baseVersion: null,
    postId: null,
    translation: null,
    baseTranslationId: null,
  };
}

/** The edit form of a stored post. Its slug does not follow the title: renaming must not move the URL. */
export function formFromPost(post: Post): EditorForm {
  return {
    fields: {
      language: post.language,
      title: post.title ?? '',
      slug: post.slug ?? '',
      status: post.status,
      description: post.description ?? '',
      content: post.content ?? '',
      seo_title: post.seo_title ?? '',
      seo_description: post.seo_description ?? '',
      published_at: localDateTimeValue(post.published_at),
    },
    slugFollowsTitle: false,
    image: null,
    libraryImage: null,
    removeImage: false,
    existingImage: post.poster_image_url ?? null,
    baseVersion: post.updated_at ?? null,
    postId: post.id,
    translation: translationOf(post),
    baseTranslationId: translationOf(post)?.id ?? null,
  };
}

/** The post's translation in the other language, as its answer lists it. */
function translationOf(post: Post): PostTranslation | null {
  return post.translations?.find((one) => one.language !== post.language) ?? null;
}

/**
 * A draft as a form. A draft saved before translations were linked in the editor leaves the link alone.
 */
export function formFromDraft(draft: DraftRecord): EditorForm {
  const { fields, slugFollowsTitle, image, removeImage, existingImage, baseVersion } = draft;
  return {
    // A draft kept before posts had a time holds a date alone: that day from its start on this clock.
    fields: /^\d{4}-\d{2}-\d{2}$/.test(fields.published_at)
      ? { ...fields, published_at: `${fields.published_at}T00:00:00` }
      : fields,
    slugFollowsTitle,
    image,
    libraryImage: draft.libraryImage ?? null,
    removeImage,
    existingImage,
    baseVersion,
    postId: draft.postId ?? null,
    translation: draft.translation ?? null,
    baseTranslationId: draft.baseTranslationId ?? null,
  };
}

/** Whether two forms would send the same post (the version and the slug mode do not count). */
export function sameContent(a: EditorForm, b: EditorForm): boolean {
  const fieldsEqual = (Object.keys(a.fields) as (keyof PostFields)[]).every(
    (name) => a.fields[name] === b.fields[name],
  );
  return (
    fieldsEqual &&
    a.image === b.image &&
    (a.libraryImage?.name ?? null) === (b.libraryImage?.name ?? null) &&
    a.removeImage === b.removeImage &&
    (a.translation?.id ?? null) === (b.translation?.id ?? null)
  );
}

export type FormAction =
  | { type: 'field'; name: keyof PostFields; value: string }
  | { type: 'slugFocused' }
  | { type: 'resumeSlug' }
  | { type: 'image'; image: StoredImage | null }
  | { type: 'libraryImage'; image: LibraryImage | null }
  | { type: 'removeImage'; remove: boolean }
  | { type: 'translation'; translation: PostTranslation | null }
  | { type: 'replace'; form: EditorForm };

/** The slug follows the title until the slug field is focused; resuming makes it follow again. */
export function formReducer(form: EditorForm, action: FormAction): EditorForm {
  switch (action.type) {
    case 'field': {
      const fields = { ...form.fields, [action.name]: action.value } as PostFields;
      if (action.name === 'title' && form.slugFollowsTitle) fields.slug = slugify(action.value);
      // A translation is in the other language: a post moved to its language is no longer its translation.
      const sameLanguage = action.name === 'language' && form.translation?.language === action.value;
      return { ...form, fields, translation: sameLanguage ? null : form.translation };
    }
    case 'slugFocused':
      return form.slugFollowsTitle ? { ...form, slugFollowsTitle: false } : form;
    case 'resumeSlug':
      return {
        ...form,
        slugFollowsTitle: true,
        fields: { ...form.fields, slug: slugify(form.fields.title) },
      };
    // One featured image is chosen at a time: a file, or an image of the library.
    case 'image':
      return {
        ...form,
        image: action.image,
        libraryImage: action.image ? null : form.libraryImage,
        removeImage: action.image ? false : form.removeImage,
      };
    case 'libraryImage':
      return {
        ...form,
        libraryImage: action.image,
        image: action.image ? null : form.image,
        removeImage: action.image ? false : form.removeImage,
      };
    case 'removeImage':
      return { ...form, removeImage: action.remove };
    case 'translation':
      return { ...form, translation: action.translation };
    case 'replace':
      return action.form;
  }
}
