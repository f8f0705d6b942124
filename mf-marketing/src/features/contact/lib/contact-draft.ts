import { COUNTRY_CODES, type ContactInput, DEFAULT_COUNTRY_CODE } from '@agency/core/rules';

export type ContactValues = Required<ContactInput>;

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  phone: '',
  email: '',
  business: '',
  service: '',
  message: '',
};

/** The unsent message is kept in this browser until it is sent, so a reload or a lost connection loses nothing. */
export const CONTACT_DRAFT_KEY = 'agency.contact-draft';

function isBlank(values: ContactValues): boolean {
  return (Object.keys(EMPTY_CONTACT) as (keyof ContactValues)[]).every(
    (field) => values[field] === EMPTY_CONTACT[field],
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
  if (!(COUNTRY_CODES as readonly string[]).includes(draft.countryCode)) {
    draft.countryCode = DEFAULT_COUNTRY_CODE;
  }
  return isBlank(draft) ? null : draft;
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
