import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema } from '../../schemas';

/** Largest page a list may ask for; more would only let a client make the database skip rows for nothing. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 10;
const MAX_PAGE = 100_000;

const dateTime = { type: 'string', format: 'date-time' } as const;

export const postSchema = {
  type: 'object',
  required: [
    'id',
    'slug',
    'title',
    'status',
    'poster_image',
    'poster_image_url',
    'description',
    'content',
    'language',
    'published_at',
    'seo_title',
    'seo_description',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    slug: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published'] },
    poster_image: {
      type: ['string', 'null'],
      description: 'Stored file name; public pages show /storage/poster_images/{poster_image}',
    },
    poster_image_url: { type: ['string', 'null'], description: 'The same image as a URL' },
    description: { type: 'string' },
    content: { type: 'string', description: 'Sanitized HTML' },
    language: { type: 'string', enum: [...LANGUAGES] },
    published_at: dateTime,
    seo_title: { type: 'string' },
    seo_description: { type: 'string' },
    created_at: dateTime,
    updated_at: { ...dateTime, description: 'The version a save names (PUT field `version`)' },
  },
} as const;

const linkSchema = {
  type: 'object',
  required: ['url', 'label', 'active'],
  properties: {
    url: { type: ['string', 'null'] },
    label: { type: 'string' },
    active: { type: 'boolean' },
  },
} as const;

const optionalLanguage = { type: 'string', enum: [...LANGUAGES] } as const;

export const listPostsSchema = {
  summary: 'One page of posts, newest published_at first',
  description:
    'The public sees published posts whose date has come; an editor session sees drafts and future posts too.',
  tags: ['posts'],
  querystring: {
    type: 'object',
    properties: {
      language: { ...optionalLanguage, description: 'Only posts in this language (all when absent)' },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          description: "Laravel's paginator shape",
          required: ['data', 'current_page', 'last_page', 'per_page', 'total', 'links'],
          properties: {
            data: { type: 'array', items: postSchema },
            current_page: { type: 'integer' },
            last_page: { type: 'integer' },
            per_page: { type: 'integer' },
            total: { type: 'integer' },
            links: { type: 'array', items: linkSchema },
          },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const slugParamsSchema = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;

export const getPostSchema = {
  summary: 'One post by its slug, whatever its language',
  description:
    'The public gets 404 for a draft or a post dated in the future; an editor session sees them. The `language` ' +
    'parameter is accepted for the clients that send it; the post is returned in its own language.',
  tags: ['posts'],
  params: slugParamsSchema,
  querystring: { type: 'object', properties: { language: optionalLanguage } },
  response: {
    200: postSchema,
    404: errorSchema,
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
