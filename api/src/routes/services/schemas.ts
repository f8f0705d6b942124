import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

const sectionSchema = {
  type: 'object',
  required: ['id', 'type', 'data'],
  properties: {
    id: { type: 'integer' },
    type: { type: 'string', enum: ['hero', 'content'] },
    data: {
      type: 'object',
      required: ['title', 'description'],
      properties: {
        title: { type: 'string' },
        description: { type: 'string' },
        // Content sections only.
        items: { type: 'array', items: { type: 'string' } },
        layout: { type: 'string', enum: ['left', 'right'] },
      },
    },
  },
} as const;

const summaryProperties = {
  id: { type: 'integer' },
  key: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  image_path: { type: 'string' },
} as const;

/** A service in the list: no sections (a card, the footer and the contact form need none). */
export const serviceSummarySchema = {
  type: 'object',
  required: ['id', 'key', 'name', 'description', 'image_path'],
  properties: summaryProperties,
} as const;

export const serviceSchema = {
  type: 'object',
  required: ['id', 'key', 'name', 'description', 'image_path', 'sections'],
  properties: { ...summaryProperties, sections: { type: 'array', items: sectionSchema } },
} as const;

export const listServicesSchema = {
  summary: 'Every service in one language, in display order, without its sections',
  tags: ['services'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: serviceSummarySchema } },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const getServiceSchema = {
  summary: 'One service with its page sections',
  tags: ['services'],
  params: {
    type: 'object',
    required: ['serviceType'],
    properties: { serviceType: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  querystring: languageQuerySchema,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: serviceSchema } },
    404: errorSchema,
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
