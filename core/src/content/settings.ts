import { LANGUAGES, type Language } from '../i18n/constants';
import { isPhoneRegion, PHONE_REGIONS } from '../rules/countries';
import { emailProblem } from '../rules/email';
import { DEFAULT_PHONE_REGION } from '../rules/featured-countries';
import { normalizePhone } from '../rules/phone';
import { type ContentErrorKey, type ContentErrors, defineKind, validateContent } from './kind';

/*
 * The site's settings: one object (not a list), read by the top bar, the footer, the contact page, the
 * Organization JSON-LD, the inbox's notification and the contact form's first country. `@agency/core/settings`,
 * kept apart from `@agency/core/content` because its phone rule brings libphonenumber's metadata (about 40 KB
 * gzip): only the admin's settings screen and the server import it.
 */

/** The social networks the site links to, in the order the top bar and footer show them. */
export const SOCIAL_NETWORKS = ['facebook', 'x', 'instagram', 'tiktok', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const email: (value: string) => ContentErrorKey | null = (value) =>
  emailProblem(value) ? 'email_invalid' : null;

/** An https link with a host (a profile's page): no other scheme, no credentials, no spaces. */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const https = (value: string): ContentErrorKey | null => (isHttpsUrl(value) ? null : 'url_invalid');

/** The site's phone, as the contact form's rules read a number: with `+` its own country, else the default's. */
const phone = (value: string, values: Readonly<Record<string, unknown>>): ContentErrorKey | null => {
  const chosen = typeof values.default_country === 'string' ? values.default_country : '';
  const region = isPhoneRegion(chosen) ? chosen : DEFAULT_PHONE_REGION;
  return normalizePhone({ phone: value, region }).ok ? null : 'phone_invalid';
};

const social = { type: 'text', maxLength: 500, check: https } as const;

export const SETTINGS_KIND = defineKind({
  name: 'settings',
  fields: {
    /** The agency's name (the brand beside the logo, titles, the footer's copyright). */
    name: { type: 'text', required: true, maxLength: 100, translated: true },
    /** Its postal address, on several lines; none shown when empty. */
    address: { type: 'text', maxLength: 300, translated: true },
    email: { type: 'text', required: true, maxLength: 254, check: email },
    phone: { type: 'text', maxLength: 40, check: phone },
    /** Where the inbox's e-mail notifications go; empty: the server's CONTACT_EMAIL (or SITE_EMAIL). Private. */
    notify_email: { type: 'text', maxLength: 254, check: email },
    /** The contact form's first country when the visitor's browser names none (ISO 3166 alpha-2). */
    default_country: { type: 'choice', required: true },
    social_facebook: social,
    social_x: social,
    social_instagram: social,
    social_tiktok: social,
    social_youtube: social,
  },
});

export type SettingsField = keyof typeof SETTINGS_KIND.fields;
export type TranslatedSettingsField = 'name' | 'address';
export type SharedSettingsField = Exclude<SettingsField, TranslatedSettingsField>;

/** The fields every language has its own of, and those shared, in the definition's order. */
export const TRANSLATED_SETTINGS_FIELDS = (Object.keys(SETTINGS_KIND.fields) as SettingsField[]).filter(
  (name): name is TranslatedSettingsField => SETTINGS_KIND.fields[name].translated === true,
);
export const SHARED_SETTINGS_FIELDS = (Object.keys(SETTINGS_KIND.fields) as SettingsField[]).filter(
  (name): name is SharedSettingsField => SETTINGS_KIND.fields[name].translated !== true,
);

export type SettingsTranslation = Record<TranslatedSettingsField, string>;

/** What an editor sends (`PUT /api/settings`, with `version`). */
export type SettingsInput = Record<SharedSettingsField, string> & {
  translations: Record<Language, SettingsTranslation>;
};

/** The settings as the editor's read gives them, and a change (with the same `version`) takes back. */
export interface SiteSettings extends SettingsInput {
  /** `updated_at`, sent back with a change: a stale one is answered 409 with the current settings. */
  version: string;
}

/** The public read (`GET /api/settings?language=`): everything a visitor sees, never the notification address. */
export interface PublicSettings {
  language: Language;
  name: string;
  address: string;
  email: string;
  phone: string;
  default_country: string;
  social: Record<SocialNetwork, string>;
}

/** The key of a translated field's error: `ar.address`. */
export const translatedKey = (language: Language, field: TranslatedSettingsField): string =>
  `${language}.${field}`;

/**
 * Checks an editor's settings: the shared fields, then each language's translated ones, by core's rules (the
 * same the admin form runs). Errors are keyed by field, a translated one by language and field (`ar.name`).
 */
export function validateSettings(input: Readonly<Record<string, unknown>>): ContentErrors {
  const shared: Record<string, unknown> = {};
  for (const name of SHARED_SETTINGS_FIELDS) shared[name] = input[name];
  const sharedKind = { ...SETTINGS_KIND, fields: pick(SHARED_SETTINGS_FIELDS) };
  const errors: ContentErrors = validateContent(sharedKind, shared, {
    default_country: PHONE_REGIONS,
  });
  const translations = (input.translations ?? {}) as Record<string, unknown>;
  const translatedKind = { ...SETTINGS_KIND, fields: pick(TRANSLATED_SETTINGS_FIELDS) };
  for (const language of LANGUAGES) {
    const raw = translations[language];
    const values = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const found = validateContent(translatedKind, values);
    for (const [field, keys] of Object.entries(found))
      errors[translatedKey(language, field as TranslatedSettingsField)] = keys;
  }
  return errors;
}

function pick<F extends SettingsField>(names: readonly F[]) {
  return Object.fromEntries(names.map((name) => [name, SETTINGS_KIND.fields[name]])) as Record<
    F,
    (typeof SETTINGS_KIND.fields)[F]
  >;
}

/** The values an editor's form starts from for a field not given (every text empty). */
export function emptySettings(): SettingsInput {
  const shared = Object.fromEntries(SHARED_SETTINGS_FIELDS.map((name) => [name, ''])) as Record<
    SharedSettingsField,
    string
  >;
  return {
    ...shared,
    default_country: DEFAULT_PHONE_REGION,
    translations: { en: { name: '', address: '' }, ar: { name: '', address: '' } },
  };
}
