/*
 * What the contact form needs at its first render, without the full country table (countries.ts, loaded when
 * the visitor starts on the form): the spec's seven countries and the site's default. countries.test.ts checks
 * these codes against libphonenumber-js.
 */

/** The countries of the spec, first in the list in this order. */
export const FEATURED_REGIONS = ['US', 'GB', 'SY', 'EG', 'AE', 'SA', 'DE'] as const;

export const FEATURED_CALLING_CODES: Readonly<Record<string, string>> = {
  US: '+1',
  GB: '+44',
  SY: '+963',
  EG: '+20',
  AE: '+971',
  SA: '+966',
  DE: '+49',
};

/** The site's default country, when the visitor's locale names none (the agency is in the UK, prices in GBP). */
export const DEFAULT_PHONE_REGION = 'GB';

/**
 * The region the visitor's locales suggest: that of their first locale in the page's language (`ar-AE` on an
 * Arabic page), else of their first locale with a region at all; empty when none has one. Whether the list
 * has that country is countries.ts's to say (`defaultPhoneRegion`). The locales come from the browser
 * (`navigator.languages`), so this is only asked after hydration: the server cannot know them.
 */
export function localeRegion(language: string, locales: readonly string[]): string {
  const regions = locales.map((locale) => {
    const [lang = '', ...rest] = locale.split(/[-_]/);
    const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase() ?? '';
    return { lang: lang.toLowerCase(), region };
  });
  const sameLanguage = regions.find((entry) => entry.lang === language && entry.region);
  return sameLanguage?.region ?? regions.find((entry) => entry.region)?.region ?? '';
}
