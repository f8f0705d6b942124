import { LANGUAGES, type Language } from '@agency/core/language';
import { commonErrorResponses, errorSchema, paginatedSchema, savedSchema as savedWith } from '../../schemas';

/** Largest page the inbox may ask for, as the posts list. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
const MAX_PAGE = 100_000;

export const CONTACT_STATUSES = ['new', 'handled', 'spam'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const MAIL_STATES = ['queued', 'sent', 'failed', 'off'] as const;
/** The outbox's column, as the inbox names it. */
export const MAIL_STATE = { pending: 'queued', sent: 'sent', failed: 'failed', disabled: 'off' } as const;

export const CONTACT_MESSAGE_NOT_FOUND = 'contact_message_not_found';

const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

/** The mail notification of a message, from the outbox columns of its row. */
export const mailStateSchema = {
  type: 'object',
  required: ['status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at'],
  properties: {
    status: {
      type: 'string',
      enum: [...MAIL_STATES],
      description:
        'queued: to be sent (or being retried); sent; failed: given up after the last try (POST .../retry-mail ' +
        'tries again); off: no e-mail was to be sent (no SMTP_URL when it arrived, or caught by the honeypot)',
    },
    attempts: { type: 'integer', description: 'Tries so far' },
    last_error: {
      type: ['string', 'null'],
      description: "The mail server's last refusal, cut to 500 characters",
    },
    next_attempt_at: { ...nullableDateTime, description: 'When the next try is due (queued only)' },
    sent_at: nullableDateTime,
  },
} as const;

export const contactMessageSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'country_code',
    'phone',
    'phone_region',
    'email',
    'business',
    'service',
    'service_name',
    'plan',
    'plan_name',
    'message',
    'status',
    'created_at',
    'mail',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    country_code: { type: 'string', description: "The number's calling code, like +971" },
    phone: {
      type: 'string',
      description:
        'E.164, like +971501234567 (messages from before migration 0009 were rewritten so); a spam message ' +
        'keeps what was sent when it is not a number',
    },
    phone_region: {
      type: 'string',
      description: "The number's country, like AE (ISO 3166 alpha-2); empty for a spam message's non-number",
    },
    email: { type: 'string' },
    business: { type: 'string', description: 'Empty when not given' },
    service: { type: 'string', description: 'A service key (a spam message may hold anything)' },
    service_name: {
      type: 'object',
      properties: { en: { type: 'string' }, ar: { type: 'string' } },
      description:
        'The service’s name in each language when the message was sent, kept after the service is renamed, ' +
        'hidden or deleted; {} for a spam message and for messages whose service was gone before migration 0014',
    },
    plan: {
      type: 'string',
      description:
        'The key of the pricing plan the visitor chose (`starter`, or one an editor added), or empty',
    },
    plan_name: {
      type: 'object',
      properties: { en: { type: 'string' }, ar: { type: 'string' } },
      description:
        'The plan’s name in each language when the message was sent, kept when the plan is renamed, hidden or ' +
        'deleted; {} when no plan was chosen or the name was not kept (show `plan`). A message from before ' +
        'migration 0018 has the names its plan had then, or the one name it kept under its language',
    },
    message: { type: 'string' },
    status: { type: 'string', enum: [...CONTACT_STATUSES] },
    created_at: { ...dateTime, description: 'When it was received' },
    mail: mailStateSchema,
  },
} as const;

/** The filters the list and the export share. */
const filterProperties = {
  status: { type: 'string', enum: [...CONTACT_STATUSES], description: 'Only messages in this status' },
  service: { type: 'string', maxLength: 100, description: 'Only messages about this service key' },
  q: {
    type: 'string',
    maxLength: 200,
    description:
      'Only messages whose name, e-mail, phone, business or message holds this text, in any case (`%` and `_` ' +
      'are taken literally)',
  },
} as const;

export interface ContactFilters {
  status?: ContactStatus;
  service?: string;
  q?: string;
}

export interface ContactExportQuery extends ContactFilters {
  language?: Language;
}

export interface ContactListQuery extends ContactFilters {
  page: number;
  per_page: number;
}

const editorOnly = 'Editor session only (401 without one).';

/** Reads need the session cookie, not a CSRF token. */
const readSecurity = [{ apiKey: [], session: [] }];

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20, description: 'The message id' } },
} as const;

const notFound = { ...errorSchema, description: `${CONTACT_MESSAGE_NOT_FOUND}: no message has this id` };

export const listContactMessagesSchema = {
  summary: 'One page of the contact messages inbox, newest first',
  description: `${editorOnly} \`new_count\` counts every message in status new, whatever the filters.`,
  tags: ['contact'],
  security: readSecurity,
  querystring: {
    type: 'object',
    properties: {
      ...filterProperties,
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data', 'new_count'],
      properties: {
        data: paginatedSchema({ type: 'array', items: contactMessageSchema }),
        new_count: { type: 'integer', description: 'Messages in status new (the inbox badge)' },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const exportContactMessagesSchema = {
  summary: 'The filtered inbox as a CSV file',
  description:
    `${editorOnly} UTF-8 with a byte-order mark, CRLF line ends, every cell quoted; a cell starting with =, +, ` +
    "-, @, a tab or a carriage return gets a leading ' so that a spreadsheet never runs it as a formula. " +
    'Columns: id, received_at, status, name, country_code, phone (E.164), phone_region, email, business, service, ' +
    'service_name, plan, plan_name, message, mail_status. service_name and plan_name are the names the message was ' +
    'sent with, in the export’s `language` (else the language they were kept in; empty for older messages).',
  tags: ['contact'],
  security: readSecurity,
  produces: ['text/csv'],
  querystring: {
    type: 'object',
    properties: {
      ...filterProperties,
      language: {
        type: 'string',
        enum: [...LANGUAGES],
        description:
          'The language of the service and plan names (default: the editor’s, from the language cookie or ' +
          'Accept-Language)',
      },
    },
  },
  response: {
    200: { type: 'string', description: 'The CSV file (Content-Disposition: attachment)' },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const getContactMessageSchema = {
  summary: 'One contact message, with the state of its e-mail notification',
  description: editorOnly,
  tags: ['contact'],
  security: readSecurity,
  params: idParams,
  response: { 200: contactMessageSchema, 404: notFound, ...commonErrorResponses },
} as const;

const savedSchema = (message: string) => savedWith(message, contactMessageSchema);

export const updateContactMessageSchema = {
  summary: "Changes a contact message's status (editor session and CSRF token)",
  tags: ['contact'],
  params: idParams,
  body: {
    type: 'object',
    required: ['status'],
    additionalProperties: false,
    properties: { status: { type: 'string', enum: [...CONTACT_STATUSES] } },
  },
  response: {
    200: savedSchema('contact_message_updated'),
    404: notFound,
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const retryMailSchema = {
  summary: "Sends a failed message's e-mail notification again, now (editor session and CSRF token)",
  description:
    'The notification is queued for immediate delivery and the outbox is started; the answer does not wait ' +
    'for the mail server (GET the message to see how it went). One more try: if it fails, it is failed again.',
  tags: ['contact'],
  params: idParams,
  response: {
    202: savedSchema('mail_retry_queued'),
    404: notFound,
    409: {
      ...errorSchema,
      description:
        'mail_not_failed: the notification is not in state failed (queued, sent or off); mail_off: no SMTP_URL ' +
        'is configured, so nothing could send it',
    },
    ...commonErrorResponses,
  },
} as const;

export const deleteContactMessageSchema = {
  summary: 'Erases a contact message and its e-mail outbox state (editor session and CSRF token)',
  tags: ['contact'],
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: ['contact_message_deleted'] } },
    },
    404: notFound,
    ...commonErrorResponses,
  },
} as const;
