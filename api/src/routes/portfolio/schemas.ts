import { PORTFOLIO_CATEGORIES } from '@agency/core/content';
import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema } from '../../schemas';

export const PROJECT_ITEM_NOT_FOUND = 'Portfolio project not found';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20, description: 'The project id' } },
} as const;

const imageUrl = { type: 'string', description: 'A stored image: /storage/poster_images/{file}' } as const;
const gallerySchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['image', 'alt'],
    properties: { image: imageUrl, alt: { type: 'string', description: 'In the project’s language' } },
  },
} as const;

const cardProperties = {
  id: { type: 'integer' },
  slug: { type: 'string', description: 'Its page: /portfolio/{slug}' },
  language: { type: 'string', enum: [...LANGUAGES] },
  title: { type: 'string' },
  client: { type: 'string' },
  category: { type: 'string', enum: [...PORTFOLIO_CATEGORIES] },
  cover_image: imageUrl,
  cover_alt: { type: 'string' },
  summary: { type: 'string' },
} as const;

const cardSchema = {
  type: 'object',
  required: Object.keys(cardProperties),
  properties: cardProperties,
} as const;

const publicProjectProperties = {
  ...cardProperties,
  gallery: gallerySchema,
  body: { type: 'string', description: 'Sanitised HTML' },
  link: { type: ['string', 'null'], description: 'https' },
  seo_title: { type: 'string' },
  seo_description: { type: 'string' },
  seo_image: { type: ['string', 'null'] },
  updated_at: { type: 'string' },
  translations: {
    type: 'array',
    items: {
      type: 'object',
      required: ['language', 'slug'],
      properties: { language: { type: 'string', enum: [...LANGUAGES] }, slug: { type: 'string' } },
    },
  },
} as const;

/** A project as the editor reads it; a change sends the same fields back, `version` included. */
export const projectSchema = {
  type: 'object',
  required: [
    'id',
    'language',
    'translation_id',
    'position',
    'version',
    'title',
    'slug',
    'client',
    'category',
    'cover_image',
    'cover_alt',
    'gallery',
    'summary',
    'body',
    'link',
    'seo_title',
    'seo_description',
    'seo_image',
    'hidden',
  ],
  properties: {
    id: { type: 'integer' },
    language: { type: 'string', enum: [...LANGUAGES] },
    translation_id: { type: ['integer', 'null'], description: 'Its translation in the other language' },
    position: { type: 'integer', description: 'Its place in its language’s list (lower first)' },
    version: { type: 'string', description: '`updated_at`: send it back with a change' },
    title: { type: 'string' },
    slug: { type: 'string' },
    client: { type: 'string' },
    category: { type: 'string' },
    cover_image: imageUrl,
    cover_alt: { type: 'string' },
    gallery: gallerySchema,
    summary: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML' },
    link: { type: 'string', description: 'https, or empty' },
    seo_title: { type: 'string' },
    seo_description: { type: 'string' },
    seo_image: { type: 'string', description: 'A stored image, or empty' },
    hidden: { type: 'boolean', description: 'Left out of the public pages' },
  },
} as const;

export const publicPortfolioSchema = {
  summary: 'One page of the visible portfolio projects in one language, of one category or all',
  tags: ['portfolio'],
  querystring: {
    type: 'object',
    properties: {
      language: { type: 'string', enum: [...LANGUAGES], default: 'en' },
      category: { type: 'string', enum: [...PORTFOLIO_CATEGORIES] },
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: [
            'language',
            'categories',
            'category',
            'data',
            'current_page',
            'last_page',
            'per_page',
            'total',
          ],
          properties: {
            language: { type: 'string', enum: [...LANGUAGES] },
            categories: {
              type: 'array',
              items: { type: 'string' },
              description: 'The categories with a visible project in this language',
            },
            category: { type: ['string', 'null'] },
            data: { type: 'array', items: cardSchema },
            current_page: { type: 'integer' },
            last_page: { type: 'integer' },
            per_page: { type: 'integer' },
            total: { type: 'integer' },
          },
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const publicProjectSchema = {
  summary: 'One visible portfolio project by its slug, with its translations',
  tags: ['portfolio'],
  params: {
    type: 'object',
    required: ['slug'],
    properties: { slug: { type: 'string', maxLength: 1000 } },
  },
  querystring: {
    type: 'object',
    properties: { language: { type: 'string', enum: [...LANGUAGES], default: 'en' } },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: Object.keys(publicProjectProperties),
          properties: publicProjectProperties,
        },
      },
    },
    404: { ...errorSchema, description: 'No visible project has this slug' },
    ...commonErrorResponses,
  },
} as const;
