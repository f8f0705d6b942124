import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

export const SERVICE_NOT_FOUND_DESCRIPTION =
  'Service not found: no service has (or had) this address (or it is hidden)';

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
  key: {
    type: 'string',
    description:
      'Stable: renaming a service or changing its address never changes it (contact messages use it)',
  },
  slug: { type: 'string', description: 'Its page’s address, /services/{slug}: an editor may change it' },
  name: { type: 'string' },
  description: { type: 'string' },
  image_path: { type: 'string' },
  image_alt: { type: 'string', description: 'The image’s alt text in this language; empty: decorative' },
} as const;

/** What an editor's read adds to a service (and a change sends back). */
const editorProperties = {
  language: { type: 'string', enum: [...LANGUAGES] },
  version: { type: 'string', description: '`updated_at`: send it back with a change' },
  position: { type: 'integer', description: 'Its place in the list (lower first)' },
  hidden: { type: 'boolean', description: 'Out of the public lists; its page is 404 for the public' },
  translated: { type: 'boolean', description: 'Whether it has its texts in this language yet' },
  languages: { type: 'array', items: { type: 'string', enum: [...LANGUAGES] } },
} as const;

/** A service in the list: no sections (a card, the footer and the contact form need none). */
export const serviceSummarySchema = {
  type: 'object',
  required: ['id', 'key', 'slug', 'name', 'description', 'image_path'],
  properties: summaryProperties,
} as const;

/** One service: the public's fields, and with an editor session the editor's too (the round trip). */
export const serviceSchema = {
  type: 'object',
  required: ['id', 'key', 'slug', 'name', 'description', 'image_path', 'sections'],
  properties: {
    ...summaryProperties,
    ...editorProperties,
    sections: { type: 'array', items: sectionSchema },
  },
} as const;

const editableServiceSchema = {
  ...serviceSchema,
  required: [...serviceSchema.required, 'image_alt', ...Object.keys(editorProperties)],
} as const;

const editorSummarySchema = {
  type: 'object',
  required: [...editableServiceSchema.required],
  properties: editableServiceSchema.properties,
} as const;

const keyParams = {
  type: 'object',
  required: ['serviceType'],
  properties: {
    serviceType: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'The service’s address (`slug`; the key until an editor changes it)',
    },
  },
} as const;

const notFound = { ...errorSchema, description: SERVICE_NOT_FOUND_DESCRIPTION };

/**
 * Bodies are objects checked field by field by core's rules (validateService), so that each bad field gets its
 * own translated key in a 422, rather than one schema message.
 */
const serviceBody = {
  type: 'object',
  properties: {
    language: { description: 'en or ar: the language the texts are in' },
    slug: {
      description:
        'The page’s address, /services/{slug}, the same in both languages: core’s slug rule (lower-case ' +
        'letters of any script, digits and single dashes, not digits only, <= 200; not items, order or new) ' +
        '→ slug_invalid; another service’s → slug_taken. Absent or empty: the key (a new service) or the ' +
        'current one (a change). A change keeps the old address, which then answers 301; a service may take ' +
        'over another’s old address.',
    },
    name: { description: 'Up to 120 characters' },
    description: { description: 'Up to 1000 characters' },
    image_path: {
      description: 'A URL from POST /upload-image (/storage/poster_images/….webp), or the current one',
    },
    image_alt: { description: 'Up to 300 characters; empty for a decorative image' },
    hidden: { description: 'true to keep it out of the public lists' },
    sections: {
      description:
        'The page’s sections in order, as GET gave them ({ id?, type, data }); one without an id is new, one ' +
        'left out is deleted (in both languages). Absent: the sections stay as they are.',
    },
  },
} as const;

const serviceAnswer = (message: string) => ({
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string', enum: [message] }, data: editableServiceSchema },
});

export const listServicesSchema = {
  summary: 'Every visible service in one language, in display order, without its sections',
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
  description:
    'Public: a visible service translated into the language (404 otherwise). With an editor session: the ' +
    'whole editable service, hidden or not, with `language`, `version`, `hidden`, `image_alt` and its ' +
    'sections (empty texts where it has none in that language yet): what PUT takes back.',
  tags: ['services'],
  params: keyParams,
  querystring: languageQuerySchema,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: serviceSchema } },
    301: {
      description:
        'An address the service had before an editor changed it: `Location` is /api/services/{current slug} ' +
        '(percent-encoded) with the same query. The public’s only for a visible service; never kept by the ' +
        'server, since another service may take the old address.',
      type: 'object',
      required: ['message', 'slug'],
      properties: {
        message: { type: 'string', enum: ['Service moved'] },
        slug: { type: 'string', description: 'The current address' },
      },
    },
    404: notFound,
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const editorListServicesSchema = {
  summary: 'Every service, hidden ones included, in one language, without sections (editor session)',
  tags: ['services'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['items'],
          properties: { items: { type: 'array', items: editorSummarySchema } },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const createServiceSchema = {
  summary: 'Adds a service at the end of the list, written in one language (editor session and CSRF token)',
  tags: ['services'],
  body: {
    ...serviceBody,
    properties: {
      ...serviceBody.properties,
      key: { description: 'Lower-case letters, digits and dashes (web-development); never changes' },
    },
  },
  response: { 201: serviceAnswer('service_created'), 422: errorSchema, ...commonErrorResponses },
} as const;

export const updateServiceSchema = {
  summary: 'Changes a service in one language, hides or shows it (editor session and CSRF token)',
  description:
    'Send the service as GET gave it, changed, with its `version` and `language`. A stale `version` is ' +
    'answered 409 with the service as it is now (`current`). The key never changes; a new `slug` moves the ' +
    'page, and the old address answers 301 to it from then on (the path names the current address).',
  tags: ['services'],
  params: keyParams,
  body: {
    ...serviceBody,
    properties: { ...serviceBody.properties, version: { description: 'The `version` read' } },
  },
  response: {
    200: serviceAnswer('service_updated'),
    404: notFound,
    409: {
      type: 'object',
      required: ['message', 'current'],
      properties: {
        message: { type: 'string', enum: ['services_conflict'] },
        current: editableServiceSchema,
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const reorderServicesSchema = {
  summary: 'Puts the services in a new order, the same in both languages (editor session and CSRF token)',
  tags: ['services'],
  body: {
    type: 'object',
    properties: {
      ids: { description: 'Every service’s id, once, in the new order' },
      language: { description: 'The language of the list answered (en by default)' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message', 'data'],
      properties: {
        message: { type: 'string', enum: ['services_reordered'] },
        data: { type: 'array', items: editorSummarySchema },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const deleteServiceSchema = {
  summary:
    'Deletes a service in both languages; contact messages about it keep its key and name (editor session and CSRF token)',
  tags: ['services'],
  params: keyParams,
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: ['service_deleted'] } },
    },
    404: notFound,
    ...commonErrorResponses,
  },
} as const;
