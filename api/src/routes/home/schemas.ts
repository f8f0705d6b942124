import { HOME_KIND, HOME_PROJECTS } from '@agency/core/content';
import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';
import { cardSchema } from '../portfolio/schemas';

const fieldNames = Object.keys(HOME_KIND.fields);

/** The texts of one language: every field of core's HOME_KIND, a string. */
const textsProperties = Object.fromEntries(
  Object.entries(HOME_KIND.fields).map(([name, def]) => [
    name,
    { type: 'string', description: `At most ${def.maxLength} characters` },
  ]),
);

const textsSchema = { type: 'object', required: fieldNames, properties: textsProperties } as const;

/** The texts as the editor reads them; PUT sends the same back, `version` included. */
export const homeTextsItemSchema = {
  type: 'object',
  required: ['language', 'version', ...fieldNames],
  properties: {
    language: { type: 'string', enum: [...LANGUAGES] },
    version: { type: 'string', description: '`updated_at`: send it back with a change' },
    ...textsProperties,
  },
} as const;

export const publicHomeSchema = {
  summary:
    'The home page in one language: its texts, its visible client logos in order and the first visible projects of the portfolio',
  tags: ['home'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['language', 'texts', 'logos', 'projects'],
          properties: {
            language: { type: 'string', enum: [...LANGUAGES] },
            texts: textsSchema,
            logos: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'name', 'image'],
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string', description: 'The client’s name: the image’s alt text' },
                  image: {
                    type: 'string',
                    description:
                      'A stored upload (/storage/poster_images/{name}.webp, also at fixed widths) or a seeded ' +
                      'SVG (/mf/mf-marketing/images/clients/…)',
                  },
                },
              },
            },
            projects: {
              type: 'array',
              description:
                'The portfolio teaser: the first visible projects in the language (GET /api/portfolio’s first ' +
                `cards, at most ${HOME_PROJECTS}); empty when none is visible`,
              items: cardSchema,
            },
          },
        },
      },
    },
    404: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const editHomeSchema = {
  summary: 'The home page’s texts in one language, with their version (editor session)',
  tags: ['home'],
  querystring: languageQuerySchema,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: homeTextsItemSchema } },
    404: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const updateHomeSchema = {
  summary: 'Changes the home page’s texts in one language (editor session and CSRF token)',
  description:
    'Send the texts as GET /api/home/edit gave them, changed, with their `language` and `version`. A stale ' +
    '`version` is answered 409 with the texts as they are now (`current`); a field left empty or too long is ' +
    '422 `{ message, errors: { field: [key] } }`.',
  tags: ['home'],
  body: {
    type: 'object',
    properties: {
      language: { description: 'en or ar' },
      version: { description: 'The `version` read' },
      ...Object.fromEntries(fieldNames.map((name) => [name, { description: 'Text' }])),
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message', 'data'],
      properties: { message: { type: 'string', enum: ['home_updated'] }, data: homeTextsItemSchema },
    },
    404: errorSchema,
    409: {
      type: 'object',
      required: ['message', 'current'],
      properties: { message: { type: 'string', enum: ['home_conflict'] }, current: homeTextsItemSchema },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
