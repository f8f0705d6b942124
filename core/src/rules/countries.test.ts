import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  CALLING_CODES,
  callingCodeOf,
  defaultPhoneRegion,
  FEATURED_REGIONS,
  regionOfCallingCode,
} from './countries';

describe('countries', () => {
  it('lists every country of libphonenumber-js with its calling code (else: write the table this prints)', () => {
    const expected = Object.fromEntries(
      getCountries().map((region) => [region, getCountryCallingCode(region)]),
    );
    const table = Object.entries(expected)
      .map(([region, code]) => `${region}${code}`)
      .join(' ');
    expect(CALLING_CODES, table).toEqual(expected);
  });

  it("puts the spec's seven first, in the spec's order", () => {
    expect(FEATURED_REGIONS.map(callingCodeOf)).toEqual(['+1', '+44', '+963', '+20', '+971', '+966', '+49']);
  });

  it('reads a bare calling code as its main country', () => {
    expect(regionOfCallingCode('+44')).toBe('GB');
    expect(regionOfCallingCode('+1')).toBe('US');
    expect(regionOfCallingCode('+962')).toBe('JO');
    expect(regionOfCallingCode('+999')).toBe('');
  });

  it.each([
    { language: 'ar', locales: ['ar-AE'], region: 'AE' },
    { language: 'ar', locales: ['en-GB', 'ar-SA'], region: 'SA' },
    { language: 'ar', locales: ['ar', 'en-US'], region: 'US' },
    { language: 'en', locales: ['en-US', 'ar-EG'], region: 'US' },
    { language: 'en', locales: ['zh-Hant-TW'], region: 'TW' },
    { language: 'ar', locales: ['ar'], region: 'GB' },
    { language: 'en', locales: [], region: 'GB' },
    { language: 'en', locales: ['en-ZZ'], region: 'GB' },
  ])('starts $language with $locales on $region', ({ language, locales, region }) => {
    expect(defaultPhoneRegion(language, locales)).toBe(region);
  });
});
