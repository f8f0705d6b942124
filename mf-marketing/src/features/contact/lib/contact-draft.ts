import {
  type ContactInput,
  DEFAULT_PHONE_REGION,
  FEATURED_CALLING_CODES,
  FEATURED_REGIONS,
  isPlanKey,
} from '@agency/core/rules';

export type ContactValues = Required<ContactInput>;

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  countryCode: FEATURED_CALLING_CODES[DEFAULT_PHONE_REGION] ?? '',
  region: DEFAULT_PHONE_REGION,
  phone: '',
  email: '',
  business: '',
  service: '',
  plan: '',
  message: '',
};

/** The values with `region` as the country, and its calling code beside it (the spec's `countryCode`). */
export function withRegion(values: ContactValues, region: string, countryCode: string): ContactValues {
  return { ...values, region, countryCode };
}

/** The country alone is not a draft: it is the form's own choice until the visitor types something. */
const NOT_TYPED: readonly (keyof ContactValues)[] = ['countryCode', 'region'];

/** The unsent message is kept in this browser until it is sent, so a reload or a lost connection loses nothing. */
export const CONTACT_DRAFT_KEY = 'agency.contact-draft';

function isBlank(values: ContactValues): boolean {
  return (Object.keys(EMPTY_CONTACT) as (keyof ContactValues)[]).every(
    (field) => NOT_TYPED.includes(field) || values[field] === EMPTY_CONTACT[field],
  );
}

/** The kept draft, with anything unexpected in storage ignored field by field. */
export function loadContactDraft(storage: Storage = localStorage): ContactValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(CONTACT_DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const draft = { ...EMPTY_CONTACT };
  for (const field of Object.keys(EMPTY_CONTACT) as (keyof ContactValues)[]) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string') draft[field] = value.slice(0, 5000);
  }
  if (!isPlanKey(draft.plan)) draft.plan = '';
  if (isBlank(draft)) return null;
  // A country and code of the right shape are kept (the checks say, when it is sent, if the pair is not one); a
  // draft kept before the form offered every country has a calling code alone: its country among the seven.
  const region = (raw as Record<string, unknown>).region;
  if (typeof region === 'string' && /^[A-Z]{2}$/.test(region) && /^\+\d{1,4}$/.test(draft.countryCode)) {
    return withRegion(draft, region, draft.countryCode);
  }
  const featured = FEATURED_REGIONS.find((code) => FEATURED_CALLING_CODES[code] === draft.countryCode);
  const fallback = featured ?? DEFAULT_PHONE_REGION;
  return withRegion(draft, fallback, FEATURED_CALLING_CODES[fallback] ?? '');
}

export function saveContactDraft(values: ContactValues, storage: Storage = localStorage): void {
  try {
    if (isBlank(values)) storage.removeItem(CONTACT_DRAFT_KEY);
    else storage.setItem(CONTACT_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the form still works, only without the safety copy.
  }
}

export function clearContactDraft(storage: Storage = localStorage): void {
  try {
    storage.removeItem(CONTACT_DRAFT_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
