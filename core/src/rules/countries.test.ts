import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  CALLING_CODES,
  callingCodeOf,
  defaultPhoneRegion,
  otherCountries,
  regionOfCallingCode,
} from './countries';
import { FEATURED_CALLING_CODES, FEATURED_REGIONS } from './featured-countries';

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

  it("puts the spec's seven first, in the spec's order, with the library's codes", () => {
    expect(FEATURED_REGIONS.map(callingCodeOf)).toEqual(['+1', '+44', '+963', '+20', '+971', '+966', '+49']);
    expect(FEATURED_CALLING_CODES).toEqual(
      Object.fromEntries(FEATURED_REGIONS.map((region) => [region, callingCodeOf(region)])),
    );
  });

  it('lists the other countries by their names in the page language', () => {
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    const others = otherCountries((region) => english.of(region) ?? region, 'en');
    expect(others.slice(0, 2)).toEqual([
      { region: 'AF', name: 'Afghanistan', code: '+93' },
      { region: 'AX', name: 'Åland Islands', code: '+358' },
    ]);
    expect(others.map((country) => country.region)).not.toContain('GB');
    expect(others).toHaveLength(245 - 7);
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
