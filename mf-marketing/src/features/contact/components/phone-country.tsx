import { callingCodeOf, FEATURED_REGIONS, PHONE_REGIONS } from '@agency/core/rules';
import { useMemo } from 'react';

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

interface Country {
  region: string;
  label: string;
}

/**
 * The countries, the spec's seven first, then every other by its name. `named` is false on the server and
 * while the page hydrates: the options then read as codes (`GB +44`) in a fixed order, because a country's
 * name depends on the ICU data of the engine (Node's and each browser's differ) and the hydrated page must be
 * the server's. The names and their order in the page's language come right after hydration.
 */
function useCountries(language: string, named: boolean): { featured: Country[]; others: Country[] } {
  return useMemo(() => {
    const label = (region: string) =>
      `${named ? countryName(region, language) : region} ${callingCodeOf(region)}`;
    const featured = FEATURED_REGIONS.map((region) => ({ region, label: label(region) }));
    const others = PHONE_REGIONS.filter(
      (region) => !(FEATURED_REGIONS as readonly string[]).includes(region),
    ).map((region) => ({ region, label: label(region) }));
    if (named) {
      const collator = new Intl.Collator(language);
      others.sort((a, b) => collator.compare(a.label, b.label));
    }
    return { featured, others };
  }, [language, named]);
}

/** The phone number's country: a list whose value is the region (`GB`), each option with its calling code. */
export function PhoneCountry({
  name,
  label,
  featuredLabel,
  allLabel,
  language,
  named,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  name: string;
  label: string;
  featuredLabel: string;
  allLabel: string;
  language: string;
  named: boolean;
  value: string;
  onChange: (region: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const { featured, others } = useCountries(language, named);
  const option = ({ region, label: text }: Country) => (
    <option key={region} value={region}>
      {text}
    </option>
  );
  return (
    <select
      name={name}
      className="contact-form__country"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    >
      <optgroup label={featuredLabel}>{featured.map(option)}</optgroup>
      <optgroup label={allLabel}>{others.map(option)}</optgroup>
    </select>
  );
}
