import { CONTACT_LIMITS, type ContactErrorKey, type ContactInput, isPlanKey } from './contact';
import { emailProblem } from './email';
import { chosenRegion, normalizePhone } from './phone';

/** Every character that ends a line somewhere: CR, LF, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export type ContactProblem = { field: keyof ContactInput; key: ContactErrorKey };

/**
 * The contact form's rules, shared by the form and the API: name at least 2 characters, a phone number valid
 * for its country (phone.ts), an e-mail address that can receive mail (email.ts), a service, a plan key or
 * none (the API also checks that a visible plan has it), a message of at least 10 characters. Header-bound fields (name, e-mail) may not hold line breaks.
 * This module brings libphonenumber's metadata with it: the form loads it when the visitor starts on the form.
 */
export function validateContact(input: Partial<ContactInput>): ContactProblem[] {
  const problems: ContactProblem[] = [];
  const name = (input.name ?? '').trim();
  if (!name) problems.push({ field: 'name', key: 'name_required' });
  else if (
    name.length < CONTACT_LIMITS.nameMin ||
    name.length > CONTACT_LIMITS.nameMax ||
    /[\r\n]/.test(name)
  ) {
    problems.push({ field: 'name', key: 'name_min' });
  }
  const country = { countryCode: input.countryCode ?? '', region: input.region ?? '' };
  const region = chosenRegion(country);
  if (!region) problems.push({ field: 'countryCode', key: 'country_code_invalid' });
  if (!(input.phone ?? '').trim()) problems.push({ field: 'phone', key: 'phone_required' });
  else if (region) {
    const phone = normalizePhone({ ...country, phone: input.phone ?? '' });
    if (!phone.ok) problems.push({ field: 'phone', key: phone.key });
  }
  const email = emailProblem((input.email ?? '').trim());
  if (email) problems.push({ field: 'email', key: email });
  const business = input.business ?? '';
  if (business.length > 200) problems.push({ field: 'business', key: 'business_too_long' });
  // One line, as its input gives it: a line break would start a line of its own in the notification mail.
  else if (LINE_BREAK.test(business)) problems.push({ field: 'business', key: 'business_single_line' });
  if (!(input.service ?? '').trim()) problems.push({ field: 'service', key: 'service_required' });
  const plan = (input.plan ?? '').trim();
  if (plan && !isPlanKey(plan)) problems.push({ field: 'plan', key: 'plan_invalid' });
  const message = (input.message ?? '').trim();
  if (!message) problems.push({ field: 'message', key: 'message_required' });
  else if (message.length < CONTACT_LIMITS.messageMin || message.length > CONTACT_LIMITS.messageMax) {
    problems.push({ field: 'message', key: 'message_min' });
  }
  return problems;
}

export { callingCodeOf, isPhoneRegion, regionOfCallingCode } from './countries';
export { chosenRegion, normalizePhone, type PhoneResult, toWesternDigits } from './phone';
