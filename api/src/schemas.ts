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

/** The answers every `/api` route can give besides its own, keyed by status. */
export const commonErrorResponses = {
  401: errorSchema,
  500: errorSchema,
  /** The database cannot be reached right now (errors.ts); comes with Retry-After. */
  503: errorSchema,
} as const;
