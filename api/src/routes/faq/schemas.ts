import { LANGUAGES } from '@agency/core/language';
import { contentItemSchema, listKindSchemas } from '../../lib/content-schemas';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

export const FAQ_ITEM_NOT_FOUND = 'FAQ item not found';

/** An item as the editor reads it; a change sends the same fields back, `version` included. */
export const faqItemSchema = contentItemSchema({
  required: ['category', 'question', 'answer', 'hidden'],
  properties: {
    category: { type: 'string', description: 'The key of its category' },
    question: { type: 'string' },
    answer: { type: 'string', description: 'Sanitised HTML' },
    hidden: { type: 'boolean', description: 'Left out of the public page' },
  },
});

const categorySchema = {
  type: 'object',
  required: ['key', 'name'],
  properties: { key: { type: 'string' }, name: { type: 'string' } },
} as const;

/** The editor routes' schemas, from the shared builder (lib/content-schemas.ts). */
export const faqEditorSchemas = listKindSchemas({
  tag: 'faq',
  name: 'faq',
  noun: 'faq_item',
  notFound: FAQ_ITEM_NOT_FOUND,
  item: faqItemSchema,
  body: {
    category: { description: 'The key of a category' },
    question: { description: 'Up to 300 characters' },
    answer: { description: 'HTML, sanitised on write' },
    hidden: { description: 'true to keep it off the public page' },
  },
  listExtra: {
    required: ['categories'],
    properties: { categories: { type: 'array', items: categorySchema } },
  },
  scope: { category: { description: 'The key of the category' } },
  summaries: {
    list: 'Every FAQ item in one language, hidden ones included, with the categories (editor session)',
    get: 'One FAQ item as the editor changes it (editor session)',
    create:
      'Adds an FAQ item at the end of its category, or the translation of one (editor session and CSRF token)',
    update: 'Changes an FAQ item, hides or shows it (editor session and CSRF token)',
    reorder: 'Puts a category’s items in one language in a new order (editor session and CSRF token)',
    delete: 'Deletes an FAQ item; its translation stays (editor session and CSRF token)',
  },
});

export const publicFaqSchema = {
  summary: 'The FAQ in one language: visible questions by category, in order',
  tags: ['faq'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['language', 'categories'],
          properties: {
            language: { type: 'string', enum: [...LANGUAGES] },
            categories: {
              type: 'array',
              items: {
                type: 'object',
                required: ['key', 'name', 'items'],
                properties: {
                  ...categorySchema.properties,
                  items: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', 'question', 'answer'],
                      properties: {
                        id: { type: 'integer' },
                        question: { type: 'string' },
                        answer: { type: 'string' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
