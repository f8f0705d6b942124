import type { EmailErrorKey } from './email';
import type { PhoneErrorKey } from './phone';

export interface ContactInput {
  name: string;
  /** The calling code, like `+44` (the spec's field). */
  countryCode: string;
  /** The country chosen in the form, like `GB`: optional, `countryCode` alone stands for its main country. */
  region?: string;
  phone: string;
  email: string;
  business?: string;
  service: string;
  /** A pricing plan the visitor chose (`professional`), or empty. */
  plan?: string;
  message: string;
}

/**
 * The form's fields in the spec's order, which problems are reported in: the form shows and focuses the first,
 * the API lists them all in it.
 */
export const CONTACT_FIELD_ORDER = [
  'name',
  'countryCode',
  'phone',
  'email',
  'business',
  'service',
  'plan',
  'message',
] as const satisfies readonly (keyof ContactInput)[];

/** The longest key a pricing plan may have. */
export const PLAN_KEY_MAX = 40;

/**
 * Whether `value` has a plan key's shape (`starter`, `enterprise-care`): lower-case Latin letters, digits and
 * single dashes, starting with a letter, at most PLAN_KEY_MAX characters. Editors add plans (GET /api/pricing
 * lists them); the API refuses a key no visible plan has (`plan_invalid`).
 */
export function isPlanKey(value: string): boolean {
  return value.length <= PLAN_KEY_MAX && CONTENT_KEY.test(value);
}

/** A content key: lower-case Latin letters, digits and single dashes, starting with a letter. */
export const CONTENT_KEY = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export type ContactErrorKey =
  | 'name_required'
  | 'name_min'
  | PhoneErrorKey
  | EmailErrorKey
  | 'service_required'
  | 'plan_invalid'
  | 'message_required'
  | 'message_min'
  | 'business_too_long'
  | 'business_single_line';

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, messageMin: 10, messageMax: 5000, emailMax: 254 };
