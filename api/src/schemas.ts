import { LANGUAGES } from '@agency/core/language';

/** Body of every error answer: `{ message, errors? }`, `errors` mapping a field to its problems (422 only). */
export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/** `?language=en|ar`, English when absent. Other query parameters are ignored (cache busters). */
export const languageQuerySchema = {
  type: 'object',
  properties: {
    language: { type: 'string', enum: [...LANGUAGES], default: 'en' },
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

/** One page of a list in Laravel's paginator shape (lib/pagination.ts), `items` being its `data` array. */
export const paginatedSchema = <Items extends object>(items: Items) =>
  ({
    type: 'object',
    description: "Laravel's paginator shape",
    required: ['data', 'current_page', 'last_page', 'per_page', 'total', 'links'],
    properties: {
      data: items,
      current_page: { type: 'integer' },
      last_page: { type: 'integer' },
      per_page: { type: 'integer' },
      total: { type: 'integer' },
      links: { type: 'array', items: linkSchema },
    },
  }) as const;

/** A write's answer: `{ message, data }`, the message key being `message`. */
export const savedSchema = <Data extends object>(message: string, data: Data) =>
  ({
    type: 'object',
    required: ['message', 'data'],
    properties: { message: { type: 'string', enum: [message] }, data },
  }) as const;

/** The answers every `/api` route can give besides its own, keyed by status. */
export const commonErrorResponses = {
  401: errorSchema,
  500: errorSchema,
  /** The database cannot be reached right now (errors.ts); comes with Retry-After. */
  503: errorSchema,
} as const;

/**
 * The answers of a route that stores an image, besides the common ones (errors.ts, StorageError): nothing
 * was stored and no temporary file is left; the editor keeps what it sent.
 */
export const storageErrorResponses = {
  503: {
    ...errorSchema,
    description:
      '`storage_unavailable`: the image storage cannot be written (read-only, or not allowed); or the ' +
      'database cannot be reached (`Service Unavailable`, with Retry-After)',
  },
  507: { ...errorSchema, description: '`storage_full`: the disk holding the image storage is full' },
} as const;
