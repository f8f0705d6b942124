import { FEATURED_CALLING_CODES, FEATURED_REGIONS } from '@agency/core/rules';

const namers = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the page's language (`Intl.DisplayNames`), or its code where the browser has none. */
export function countryName(region: string, language: string): string {
  if (!namers.has(language)) {
    let namer: Intl.DisplayNames | null = null;
    try {
      namer = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      // An engine without DisplayNames: the codes still say which country.
    }
    namers.set(language, namer);
  }
  return namers.get(language)?.of(region) ?? region;
}

export interface OtherCountry {
  region: string;
  name: string;
  code: string;
}

/**
 * The phone number's country: a list whose value is the region (`GB`), each option with its calling code. The
 * spec's seven come first. Every other country (`others`, from `@agency/core/countries`) is there once the form
 * has loaded its list, when the visitor starts on it; until then only the chosen one is, if it is not of the
 * seven. The server and the hydration render the seven alone, named by `Intl.DisplayNames` in the page's
 * language: names that have stood for years in CLDR (Node 20's ICU 78 and Chromium 156 give the same, in both
 * languages), so the hydrated page is the server's. The other countries' names, where ICU versions differ more,
 * are only ever rendered in the browser.
 */
export function PhoneCountry({
  label,
  groups,
  language,
  value,
  code,
  others,
  onChange,
  invalid,
  describedBy,
}: {
  label: string;
  groups: { featured: string; all: string };
  language: string;
  value: string;
  /** The chosen country's calling code. */
  code: string;
  others: OtherCountry[] | null;
  onChange: (region: string, code: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const name = (region: string) => countryName(region, language);
  const featured = (FEATURED_REGIONS as readonly string[]).includes(value);
  const rest = others ?? (featured ? [] : [{ region: value, name: name(value), code }]);
  // The calling code isolated left to right (U+2066...U+2069): after an Arabic name it would read `971+`.
  const option = (region: string, text: string, calling: string) => (
    <option key={region} value={region}>
      {`${text} \u2066${calling}\u2069`}
    </option>
  );
  return (
    <select
      name="region"
      className="contact-form__country"
      aria-label={label}
      value={value}
      onChange={(event) => {
        const region = event.target.value;
        const calling =
          FEATURED_CALLING_CODES[region] ?? rest.find((country) => country.region === region)?.code ?? '';
        onChange(region, calling);
      }}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    >
      <optgroup label={groups.featured}>
        {FEATURED_REGIONS.map((region) => option(region, name(region), FEATURED_CALLING_CODES[region] ?? ''))}
      </optgroup>
      {rest.length > 0 && (
        <optgroup label={groups.all}>
          {rest.map((country) => option(country.region, country.name, country.code))}
        </optgroup>
      )}
    </select>
  );
}
