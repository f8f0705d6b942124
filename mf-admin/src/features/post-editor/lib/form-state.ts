import type { Language, Post } from '@agency/core';
import { dateInputValue, slugify, todayInputValue } from '@agency/core/rules';
import type { DraftRecord, PostFields, StoredImage } from '../../drafts/api/draft-store';

/** Everything the create and edit forms hold; it is also what a draft stores. */
export interface EditorForm {
  fields: PostFields;
  slugFollowsTitle: boolean;
  /** A newly chosen featured image. */
  image: StoredImage | null;
  /** Edit: drop the stored image on update. */
  removeImage: boolean;
  /** Edit: the stored image's URL (never sent). */
  existingImage: string | null;
  /** Edit: `updated_at` of the server copy the form started from. */
  baseVersion: string | null;
}

/** A new post: draft, today, everything else empty (spec section 3); English unless told otherwise. */
export function emptyForm(language: Language = 'en', today: string = todayInputValue()): EditorForm {
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
      published_at: today,
    },
    slugFollowsTitle: true,
    image: null,
    removeImage: false,
    existingImage: null,
    baseVersion: null,
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
      published_at: dateInputValue(post.published_at),
    },
    slugFollowsTitle: false,
    image: null,
    removeImage: false,
    existingImage: post.poster_image_url ?? null,
    baseVersion: post.updated_at ?? null,
  };
}

export function formFromDraft(draft: DraftRecord): EditorForm {
  const { fields, slugFollowsTitle, image, removeImage, existingImage, baseVersion } = draft;
  return { fields, slugFollowsTitle, image, removeImage, existingImage, baseVersion };
}

/** Whether two forms would send the same post (the version and the slug mode do not count). */
export function sameContent(a: EditorForm, b: EditorForm): boolean {
  const fieldsEqual = (Object.keys(a.fields) as (keyof PostFields)[]).every(
    (name) => a.fields[name] === b.fields[name],
  );
  return fieldsEqual && a.image === b.image && a.removeImage === b.removeImage;
}

export type FormAction =
  | { type: 'field'; name: keyof PostFields; value: string }
  | { type: 'slugFocused' }
  | { type: 'resumeSlug' }
  | { type: 'image'; image: StoredImage | null }
  | { type: 'removeImage'; remove: boolean }
  | { type: 'replace'; form: EditorForm };

/** The slug follows the title until the slug field is focused; resuming makes it follow again. */
export function formReducer(form: EditorForm, action: FormAction): EditorForm {
  switch (action.type) {
    case 'field': {
      const fields = { ...form.fields, [action.name]: action.value } as PostFields;
      if (action.name === 'title' && form.slugFollowsTitle) fields.slug = slugify(action.value);
      return { ...form, fields };
    }
    case 'slugFocused':
      return form.slugFollowsTitle ? { ...form, slugFollowsTitle: false } : form;
    case 'resumeSlug':
      return {
        ...form,
        slugFollowsTitle: true,
        fields: { ...form.fields, slug: slugify(form.fields.title) },
      };
    case 'image':
      return { ...form, image: action.image, removeImage: action.image ? false : form.removeImage };
    case 'removeImage':
      return { ...form, removeImage: action.remove };
    case 'replace':
      return action.form;
  }
}
