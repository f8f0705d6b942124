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

/** The plans a message may name: the pricing page's tiers (mf-marketing's plans.ts lists them from here). */
export const CONTACT_PLANS = ['starter', 'professional', 'advanced', 'custom'] as const;
export type ContactPlan = (typeof CONTACT_PLANS)[number];

export function isContactPlan(value: string): value is ContactPlan {
  return (CONTACT_PLANS as readonly string[]).includes(value);
}

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
