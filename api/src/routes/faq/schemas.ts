import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

export const FAQ_ITEM_NOT_FOUND = 'FAQ item not found';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20, description: 'The item id' } },
} as const;

const notFound = { ...errorSchema, description: `${FAQ_ITEM_NOT_FOUND}: no item has this id` };

/** An item as the editor reads it; a change sends the same fields back, `version` included. */
export const faqItemSchema = {
  type: 'object',
  required: [
    'id',
    'language',
    'translation_id',
    'position',
    'version',
    'category',
    'question',
    'answer',
    'hidden',
  ],
  properties: {
    id: { type: 'integer' },
    language: { type: 'string', enum: [...LANGUAGES] },
    translation_id: { type: ['integer', 'null'], description: 'Its translation in the other language' },
    position: { type: 'integer', description: 'Its place among its category’s items (lower first)' },
    version: { type: 'string', description: '`updated_at`: send it back with a change' },
    category: { type: 'string', description: 'The key of its category' },
    question: { type: 'string' },
    answer: { type: 'string', description: 'Sanitised HTML' },
    hidden: { type: 'boolean', description: 'Left out of the public page' },
  },
} as const;

const categorySchema = {
  type: 'object',
  required: ['key', 'name'],
  properties: { key: { type: 'string' }, name: { type: 'string' } },
} as const;

/**
 * Bodies are objects checked field by field by core's rules (lib/content.ts), so that each bad field gets its
 * own translated key in a 422, rather than one schema message.
 */
const itemBody = {
  type: 'object',
  properties: {
    category: { description: 'The key of a category' },
    question: { description: 'Up to 300 characters' },
    answer: { description: 'HTML, sanitised on write' },
    hidden: { description: 'true to keep it off the public page' },
  },
} as const;

const faqItemAnswer = (message: string) => ({
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string', enum: [message] }, data: faqItemSchema },
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

export const listFaqItemsSchema = {
  summary: 'Every FAQ item in one language, hidden ones included, with the categories (editor session)',
  tags: ['faq'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['categories', 'items'],
          properties: {
            categories: { type: 'array', items: categorySchema },
            items: { type: 'array', items: faqItemSchema },
          },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const getFaqItemSchema = {
  summary: 'One FAQ item as the editor changes it (editor session)',
  tags: ['faq'],
  params: idParams,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: faqItemSchema } },
    404: notFound,
    ...commonErrorResponses,
  },
} as const;

export const createFaqItemSchema = {
  summary:
    'Adds an FAQ item at the end of its category, or the translation of one (editor session and CSRF token)',
  tags: ['faq'],
  body: {
    ...itemBody,
    properties: {
      ...itemBody.properties,
      language: { description: 'en or ar' },
      translation_of: { description: 'The id of the item (in the other language) it translates' },
    },
  },
  response: { 201: faqItemAnswer('faq_item_created'), 422: errorSchema, ...commonErrorResponses },
} as const;

export const updateFaqItemSchema = {
  summary: 'Changes an FAQ item, hides or shows it (editor session and CSRF token)',
  description:
    'Send the item as GET gave it, changed, with its `version`. A stale `version` is answered 409 with the ' +
    'item as it is now (`current`).',
  tags: ['faq'],
  params: idParams,
  body: {
    ...itemBody,
    properties: { ...itemBody.properties, version: { description: 'The `version` read' } },
  },
  response: {
    200: faqItemAnswer('faq_item_updated'),
    404: notFound,
    409: {
      type: 'object',
      required: ['message', 'current'],
      properties: { message: { type: 'string', enum: ['faq_conflict'] }, current: faqItemSchema },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const reorderFaqSchema = {
  summary: 'Puts a category’s items in one language in a new order (editor session and CSRF token)',
  tags: ['faq'],
  body: {
    type: 'object',
    properties: {
      language: { description: 'en or ar' },
      category: { description: 'The key of the category' },
      ids: { description: 'Every item of that category in that language, once, in the new order' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message', 'data'],
      properties: {
        message: { type: 'string', enum: ['faq_reordered'] },
        data: { type: 'array', items: faqItemSchema },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const deleteFaqItemSchema = {
  summary: 'Deletes an FAQ item; its translation stays (editor session and CSRF token)',
  tags: ['faq'],
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: ['faq_item_deleted'] } },
    },
    404: notFound,
    ...commonErrorResponses,
  },
} as const;
