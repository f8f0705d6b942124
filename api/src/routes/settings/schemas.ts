import { LANGUAGES } from '@agency/core/language';
import { SHARED_SETTINGS_FIELDS, SOCIAL_NETWORKS } from '@agency/core/settings';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

const text = { type: 'string' } as const;

const translationSchema = {
  type: 'object',
  required: ['name', 'address'],
  properties: {
    name: { type: 'string', description: 'The agency’s name in this language' },
    address: { type: 'string', description: 'Its postal address in this language, lines split by \\n' },
  },
} as const;

/** The settings as the editor reads them; a change sends the same fields back, `version` included. */
export const siteSettingsSchema = {
  type: 'object',
  required: ['version', ...SHARED_SETTINGS_FIELDS, 'translations'],
  properties: {
    version: { type: 'string', description: '`updated_at`: send it back with a change' },
    email: { type: 'string', description: 'The public contact address' },
    phone: { type: 'string', description: 'The public phone number, as shown' },
    notify_email: {
      type: 'string',
      description: 'Where the inbox’s notifications go; empty: the server’s CONTACT_EMAIL. Never public.',
    },
    default_country: {
      type: 'string',
      description: 'ISO 3166 alpha-2: the contact form’s country when the browser names none',
    },
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, text])),
    translations: {
      type: 'object',
      required: [...LANGUAGES],
      properties: Object.fromEntries(LANGUAGES.map((language) => [language, translationSchema])),
    },
  },
} as const;

export const publicSettingsSchema = {
  summary: 'The site’s public settings in one language (name, address, contact details, social links)',
  tags: ['settings'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['language', 'name', 'address', 'email', 'phone', 'default_country', 'social'],
          properties: {
            language: { type: 'string', enum: [...LANGUAGES] },
            name: text,
            address: text,
            email: text,
            phone: text,
            default_country: text,
            social: {
              type: 'object',
              required: [...SOCIAL_NETWORKS],
              properties: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text])),
            },
          },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const editSettingsSchema = {
  summary: 'Every setting, both languages and the notification address, with its version (editor session)',
  tags: ['settings'],
  response: {
    200: { type: 'object', required: ['data'], properties: { data: siteSettingsSchema } },
    ...commonErrorResponses,
  },
} as const;

export const updateSettingsSchema = {
  summary: 'Changes the site’s settings (editor session and CSRF token)',
  description:
    'Send the settings as `GET /settings/edit` gave them, changed, with their `version`. A stale `version` is ' +
    'answered 409 with the settings as they are now (`current`). Each bad field is 422 with its key ' +
    '(`required`, `too_long`, `email_invalid`, `phone_invalid`, `url_invalid`, `invalid_choice`), a ' +
    'translated one named by language and field (`ar.address`).',
  tags: ['settings'],
  body: {
    type: 'object',
    properties: {
      version: { description: 'The `version` read' },
      ...Object.fromEntries(SHARED_SETTINGS_FIELDS.map((name) => [name, {}])),
      translations: { description: '{ en: { name, address }, ar: { name, address } }' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message', 'data'],
      properties: { message: { type: 'string', enum: ['settings_updated'] }, data: siteSettingsSchema },
    },
    409: {
      type: 'object',
      required: ['message', 'current'],
      properties: { message: { type: 'string', enum: ['settings_conflict'] }, current: siteSettingsSchema },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
