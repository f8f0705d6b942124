import { commonErrorResponses, errorSchema } from '../../schemas';
import { formErrorSchema, postSchema, slugParamsSchema } from './schemas';

const dateTime = { type: 'string', format: 'date-time' } as const;

const authorSchema = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  description: 'Who saved it; null when that account is gone, or for a post saved before accounts had roles',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

/** A revision in a post's list. */
export const revisionSummarySchema = {
  type: 'object',
  required: ['id', 'created_at', 'author', 'title'],
  properties: {
    id: { type: 'integer' },
    created_at: { ...dateTime, description: 'When it was saved (the post’s updated_at then)' },
    author: authorSchema,
    title: { type: 'string' },
  },
} as const;

/** A revision whole: the post's fields as that save left them. */
export const revisionSchema = {
  type: 'object',
  required: [
    ...revisionSummarySchema.required,
    'post_id',
    'slug',
    'description',
    'content',
    'seo_title',
    'seo_description',
    'poster_image',
    'poster_image_url',
    'poster_image_available',
    'status',
    'published_at',
  ],
  properties: {
    ...revisionSummarySchema.properties,
    post_id: { type: 'integer' },
    slug: { type: 'string' },
    description: { type: 'string' },
    content: { type: 'string', description: 'Sanitized HTML' },
    seo_title: { type: 'string' },
    seo_description: { type: 'string' },
    poster_image: { type: ['string', 'null'] },
    poster_image_url: { type: ['string', 'null'] },
    poster_image_available: {
      type: 'boolean',
      description:
        'Whether the image file is still there (a later save that replaced or removed the image deleted it); ' +
        'false without an image',
    },
    status: { type: 'string', enum: ['draft', 'published'] },
    published_at: dateTime,
  },
} as const;

const revisionParamsSchema = {
  type: 'object',
  required: ['slug', 'id'],
  properties: {
    ...slugParamsSchema.properties,
    id: { type: 'string', maxLength: 20, description: 'The revision id' },
  },
} as const;

/** An author's limits, as for a PUT of the post (core/src/rules/roles.ts). */
const roleRefusedSchema = {
  ...errorSchema,
  description:
    "forbidden: another author's post, for an author; publish_forbidden: an author and a published post, or " +
    'a revision that was published',
} as const;

const notFoundSchema = {
  ...errorSchema,
  description:
    'Blog post not found (no post has the slug), or revision_not_found (none of this post has the id)',
} as const;

export const listRevisionsSchema = {
  summary: 'The revisions of a post, newest first (editor session, as for editing the post)',
  tags: ['posts'],
  params: slugParamsSchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: revisionSummarySchema } },
    },
    403: roleRefusedSchema,
    404: notFoundSchema,
    ...commonErrorResponses,
  },
} as const;

export const getRevisionSchema = {
  summary: 'One revision of a post, whole',
  tags: ['posts'],
  params: revisionParamsSchema,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: revisionSchema } },
    403: roleRefusedSchema,
    404: notFoundSchema,
    ...commonErrorResponses,
  },
} as const;

export const restoreRevisionSchema = {
  summary:
    'Makes a revision the post’s current version: a new save, if nobody saved the post since `version`',
  description:
    'Restores the title, slug, description, content, SEO fields, image, status and date of the revision; the ' +
    'language and translation link stay. A revision whose image file is gone is restored without an image ' +
    '(message post_restored_without_image).',
  tags: ['posts'],
  params: revisionParamsSchema,
  body: {
    type: 'object',
    properties: {
      version: {
        type: 'string',
        description: 'The updated_at the editor loaded (version_required otherwise)',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message', 'data'],
      properties: {
        message: { type: 'string', enum: ['post_restored', 'post_restored_without_image'] },
        data: postSchema,
      },
    },
    403: roleRefusedSchema,
    404: notFoundSchema,
    409: {
      type: 'object',
      required: ['message', 'current'],
      description: 'The post changed since `version`: nothing was restored; `current` is the server copy',
      properties: { message: { type: 'string', enum: ['post_conflict'] }, current: postSchema },
    },
    422: { ...formErrorSchema, description: 'version_required; slug_taken: another post has its slug now' },
    ...commonErrorResponses,
  },
} as const;
