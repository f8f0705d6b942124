import { PORTFOLIO_CATEGORIES } from '@agency/core/content';
import { LANGUAGES } from '@agency/core/language';
import { contentItemSchema, listKindSchemas } from '../../lib/content-schemas';
import { commonErrorResponses, errorSchema } from '../../schemas';

export const PROJECT_ITEM_NOT_FOUND = 'Portfolio project not found';

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

export const cardSchema = {
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
export const projectSchema = contentItemSchema({
  required: [
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
    title: { type: 'string' },
    slug: { type: 'string', description: 'Its page: /portfolio/{slug}; unique in both languages' },
    client: { type: 'string' },
    category: { type: 'string', enum: [...PORTFOLIO_CATEGORIES] },
    cover_image: imageUrl,
    cover_alt: { type: 'string' },
    gallery: gallerySchema,
    summary: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML' },
    link: { type: 'string', description: 'https, or empty' },
    seo_title: { type: 'string' },
    seo_description: { type: 'string' },
    seo_image: { type: 'string', description: 'A stored image, or empty (the cover stands in)' },
    hidden: { type: 'boolean', description: 'Left out of the public pages and the sitemap' },
  },
});

export const portfolioEditorSchemas = listKindSchemas({
  tag: 'portfolio',
  noun: 'portfolio_project',
  name: 'portfolio',
  notFound: PROJECT_ITEM_NOT_FOUND,
  item: projectSchema,
  body: {
    title: { description: 'Up to 200 characters' },
    slug: { description: 'Lower case words joined by hyphens (Arabic letters too), not digits only' },
    client: { description: 'Up to 200 characters' },
    category: { description: `One of ${PORTFOLIO_CATEGORIES.join(', ')}` },
    cover_image: { description: 'A URL the upload route (POST /api/upload-image) gave' },
    cover_alt: { description: 'The cover’s alt text, up to 300 characters' },
    gallery: { description: 'Up to 12 `{ image, alt }`, each image from the upload route' },
    summary: { description: 'Up to 500 characters' },
    body: { description: 'HTML, sanitised on write' },
    link: { description: 'An https address, or empty' },
    seo_title: { description: 'Up to 70 characters; the title when empty' },
    seo_description: { description: 'Up to 160 characters; the summary when empty' },
    seo_image: { description: 'A URL from the upload route, or empty' },
    hidden: { description: 'true to keep it off the public pages' },
  },
  scope: {},
  summaries: {
    list: 'Every portfolio project in one language, hidden ones included (editor session)',
    get: 'One portfolio project as the editor changes it (editor session)',
    create:
      'Adds a portfolio project at the end of its language’s list, or the translation of one (editor session and CSRF token)',
    update: 'Changes a portfolio project, hides or shows it (editor session and CSRF token)',
    reorder: 'Puts one language’s projects in a new order (editor session and CSRF token)',
    delete: 'Deletes a portfolio project; its translation stays (editor session and CSRF token)',
  },
});

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
