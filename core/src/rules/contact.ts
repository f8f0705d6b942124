/** Country codes the contact form offers; +44 is the default. */
export const COUNTRY_CODES = ['+1', '+44', '+963', '+20', '+971', '+966', '+49'] as const;
export const DEFAULT_COUNTRY_CODE = '+44';

export interface ContactInput {
  name: string;
  countryCode: string;
  phone: string;
  email: string;
  business?: string;
  service: string;
  message: string;
}

export type ContactErrorKey =
  | 'name_required'
  | 'name_min'
  | 'country_code_invalid'
  | 'phone_required'
  | 'phone_invalid'
  | 'email_required'
  | 'email_invalid'
  | 'service_required'
  | 'message_required'
  | 'message_min'
  | 'business_too_long'
  | 'business_single_line';

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, messageMin: 10, messageMax: 5000, emailMax: 254 };

/**
 * The contact form's rules, shared by the form and the API: name at least 2 characters, phone digits
 * only, e-mail with an at-sign (and a sane length), a service, a message of at least 10 characters.
 * Header-bound fields (name, e-mail) may not hold line breaks.
 */
/** Every character that ends a line somewhere: CR, LF, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export function validateContact(
  input: Partial<ContactInput>,
): { field: keyof ContactInput; key: ContactErrorKey }[] {
  const problems: { field: keyof ContactInput; key: ContactErrorKey }[] = [];
  const name = (input.name ?? '').trim();
  if (!name) problems.push({ field: 'name', key: 'name_required' });
  else if (
    name.length < CONTACT_LIMITS.nameMin ||
    name.length > CONTACT_LIMITS.nameMax ||
    /[\r\n]/.test(name)
  ) {
    problems.push({ field: 'name', key: 'name_min' });
  }
  if (!(COUNTRY_CODES as readonly string[]).includes(input.countryCode ?? '')) {
    problems.push({ field: 'countryCode', key: 'country_code_invalid' });
  }
  const phone = (input.phone ?? '').trim();
  if (!phone) problems.push({ field: 'phone', key: 'phone_required' });
  else if (!/^\d{4,15}$/.test(phone)) problems.push({ field: 'phone', key: 'phone_invalid' });
  const email = (input.email ?? '').trim();
  if (!email) problems.push({ field: 'email', key: 'email_required' });
  else if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > CONTACT_LIMITS.emailMax) {
    problems.push({ field: 'email', key: 'email_invalid' });
  }
  const business = input.business ?? '';
  if (business.length > 200) problems.push({ field: 'business', key: 'business_too_long' });
  // One line, as its input gives it: a line break would start a line of its own in the notification mail.
  else if (LINE_BREAK.test(business)) problems.push({ field: 'business', key: 'business_single_line' });
  if (!(input.service ?? '').trim()) problems.push({ field: 'service', key: 'service_required' });
  const message = (input.message ?? '').trim();
  if (!message) problems.push({ field: 'message', key: 'message_required' });
  else if (message.length < CONTACT_LIMITS.messageMin || message.length > CONTACT_LIMITS.messageMax) {
    problems.push({ field: 'message', key: 'message_min' });
  }
  return problems;
}
