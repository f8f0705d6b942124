import { isLanguage } from '@agency/core/language';
import { type ImageErrorKey, validatePost } from '@agency/core/rules';
import type { FastifyInstance } from 'fastify';
import type { FormInput } from '../../lib/form';
import { type EncodedImage, processImage } from '../../lib/images';
import type { SanitizedContent } from '../../lib/sanitize';
import { uploadedFileName } from '../../plugins/media-repository';
import type { PostValues, TranslationOf } from '../../plugins/posts-repository';

/** The order problems are reported in: the spec's (title ... published_at), then the rest of the form. */
export const FIELD_ORDER = [
  'title',
  'slug',
  'description',
  'content',
  'seo_title',
  'seo_description',
  'published_at',
  'language',
  'status',
  'poster_image',
  'translation_of',
  'version',
] as const;

export type FormField = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FormField, string[]>>;

/** 422 body: the first problem's key as the message, every problem by field, in the spec's order. */
export function validationBody(errors: FieldErrors): { message: string; errors: Record<string, string[]> } {
  const ordered: Record<string, string[]> = {};
  for (const field of FIELD_ORDER) {
    const keys = errors[field];
    if (keys && keys.length > 0) ordered[field] = keys;
  }
  const first = Object.values(ordered)[0]?.[0] ?? 'invalid';
  return { message: first, errors: ordered };
}

/** A featured image sent with the form: accepted and encoded, with the name it was uploaded under. */
export type UploadedImage = EncodedImage & { fileName: string };

export type ParsedPost =
  | {
      ok: true;
      values: Omit<PostValues, 'posterImage'>;
      image: UploadedImage | null;
      /** `library_image`: an image of the media library made the featured one, without uploading it again. */
      libraryImage: string | null;
      translationOf: TranslationOf;
    }
  | { ok: false; errors: FieldErrors };

/**
 * `translation_of`: absent leaves the post's link as it is, empty takes the post out of it, a post's id links
 * to that post. Null for a value that is none of these.
 */
function parseTranslationOf(value: string | undefined): { value: TranslationOf } | null {
  if (value === undefined) return { value: undefined };
  const trimmed = value.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 && id <= 2_147_483_647 ? { value: id } : null;
}

/**
 * Turns the editor's form into a post, with the same rules as the editor (`validatePost` in core) plus what
 * only the server can check: the language and status values, a slug no other post has, content that does not
 * nest too deep, and the image's real content. Content is sanitized (by `sanitizeContent`, off the main thread
 * when it is long) before the blank check, so markup that is all script counts as empty.
 */
export async function parsePostForm(
  app: FastifyInstance,
  form: FormInput,
  {
    exceptId,
    sanitizeContent,
  }: { exceptId?: number; sanitizeContent: (html: string) => Promise<SanitizedContent> },
): Promise<ParsedPost> {
  const field = (name: string) => form.fields.get(name) ?? '';
  const content = await sanitizeContent(field('content'));
  const input = {
    title: field('title').trim(),
    slug: field('slug').trim(),
    description: field('description').trim(),
    content: content.ok ? content.html : '',
    seo_title: field('seo_title').trim(),
    seo_description: field('seo_description').trim(),
    published_at: field('published_at').trim(),
  };
  const errors: FieldErrors = {};
  for (const problem of validatePost(input))
    errors[problem.field] = [...(errors[problem.field] ?? []), problem.key];
  // Refused content is not blank: its own key replaces content_required.
  if (!content.ok) errors.content = [content.key];

  const language = field('language');
  if (!isLanguage(language)) errors.language = ['language_invalid'];
  const status = field('status');
  if (status !== 'draft' && status !== 'published') errors.status = ['status_invalid'];

  const translationOf = parseTranslationOf(form.fields.get('translation_of'));
  if (!translationOf) errors.translation_of = ['translation_invalid'];

  if (!errors.slug && (await app.postsRepository.slugTaken(input.slug, exceptId)))
    errors.slug = ['slug_taken'];

  let image: UploadedImage | null = null;
  let libraryImage: string | null = null;
  if (form.file) {
    const result = await processImage(form.file.bytes, { truncated: form.file.truncated });
    if (result.ok) image = { ...result, fileName: uploadedFileName(form.file.fileName) };
    else errors.poster_image = [result.key satisfies ImageErrorKey];
  } else {
    // A file sent with it wins: the editor chose it after.
    const chosen = form.fields.get('library_image')?.trim() ?? '';
    if (chosen !== '') {
      if (await app.media.has(chosen)) libraryImage = chosen;
      else errors.poster_image = ['image_not_found'];
    }
  }

  if (
    Object.keys(errors).length > 0 ||
    !translationOf ||
    !isLanguage(language) ||
    (status !== 'draft' && status !== 'published')
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    image,
    libraryImage,
    translationOf: translationOf.value,
    values: {
      slug: input.slug,
      title: input.title,
      status,
      description: input.description,
      content: input.content,
      language,
      publishedAt: app.siteTime.parse(input.published_at),
      seoTitle: input.seo_title,
      seoDescription: input.seo_description,
    },
  };
}
