import {
  type CountryCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import { CALLING_CODES, isPhoneRegion, regionOfCallingCode } from './countries';

/*
 * Phone numbers as people write them, checked with libphonenumber-js and its `max` metadata: the only flavour
 * that knows each country's real number ranges (`min` checks lengths alone, `mobile` refuses landlines). It is
 * about 40 KB gzip, so the contact form loads this module when the visitor starts on the form, not with the page.
 */

export type PhoneErrorKey =
  | 'phone_required'
  | 'phone_characters'
  | 'phone_too_short'
  | 'phone_too_long'
  | 'phone_invalid'
  | 'country_code_invalid';

export type PhoneResult =
  | { ok: true /** E.164: `+447911123456`. */; e164: string; region: string }
  | { ok: false; key: PhoneErrorKey };

/** Arabic-Indic (U+0660-0669) and Persian (U+06F0-06F9) digits, as Arabic and Persian keyboards type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

export function toWesternDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/** What a number may hold besides digits: a leading `+`, and the spaces, dashes, dots and brackets between. */
const WRITTEN_NUMBER = /^\+?[0-9 \u00a0\-.()/]+$/;

export interface PhoneInput {
  phone: string;
  countryCode?: string;
  region?: string;
}

/**
 * The country chosen: `region`, or the main country of `countryCode` without one; empty when there is none, or
 * when the two disagree (`GB` with `+971`: a form out of step, not a number to guess).
 */
export function chosenRegion({ countryCode, region }: Omit<PhoneInput, 'phone'>): string {
  const chosen = region || regionOfCallingCode(countryCode ?? '');
  if (!isPhoneRegion(chosen)) return '';
  if (countryCode && countryCode !== `+${CALLING_CODES[chosen]}`) return '';
  return chosen;
}

/**
 * The visitor's number in E.164 with its country. `region` is the country chosen in the form (`GB`); without
 * one (the spec's payload), `countryCode` (`+44`) stands for it. A number written with `+` or `00` brings its own
 * country; one without it is read in the chosen country, its trunk prefix (the UK's and the UAE's `0`) dropped.
 * A number that is not valid for its country is refused, never cut.
 */
export function normalizePhone(input: PhoneInput): PhoneResult {
  const region = chosenRegion(input);
  if (!region) return { ok: false, key: 'country_code_invalid' };
  const written = toWesternDigits(input.phone).trim();
  if (!written) return { ok: false, key: 'phone_required' };
  if (!WRITTEN_NUMBER.test(written)) return { ok: false, key: 'phone_characters' };
  // `00` is how most of the world dials abroad; libphonenumber only takes it with a country that uses it.
  const international = written.replace(/^00/, '+');
  const country = region as CountryCode;
  const parsed = parsePhoneNumberFromString(international, country);
  if (!parsed?.isValid()) {
    const length = validatePhoneNumberLength(international, country);
    if (length === 'TOO_SHORT') return { ok: false, key: 'phone_too_short' };
    if (length === 'TOO_LONG') return { ok: false, key: 'phone_too_long' };
    return { ok: false, key: 'phone_invalid' };
  }
  // The chosen country is kept while the number shares its calling code: libphonenumber files some UK mobiles
  // under Guernsey or Jersey, but the visitor said where they are. A number pasted with another country's code
  // is that country's.
  const own = parsed.country ?? region;
  const kept = parsed.countryCallingCode === CALLING_CODES[region] ? region : own;
  return { ok: true, e164: parsed.number, region: kept };
}
