import { ApiError, directionOf, LANGUAGES, type Language, toast, useTranslation } from '@agency/core';
import type { ContentErrors } from '@agency/core/content';
import { PHONE_REGIONS } from '@agency/core/countries';
import {
  SETTINGS_KIND,
  type SettingsInput,
  type SharedSettingsField,
  type SiteSettings,
  SOCIAL_NETWORKS,
  type TranslatedSettingsField,
  translatedKey,
  validateSettings,
} from '@agency/core/settings';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { adminFetch } from '../../../lib/admin-api';
import { failureText, isNoResponse } from '../../../lib/failure-text';
import { DraftDialogs } from '../../content/components/draft-dialogs';
import { deleteContentDraft, readContentDraft, saveContentDraft } from '../../drafts/api/draft-store';
import '../../content/components/content.css';
import { FormAlert, type FormAlertState, summaryOf } from '../../../components/error-summary';
import './settings.css';

export const SETTINGS_PATH = '/site/settings';
/** The one draft of the settings kept on this device (the kind's name: there is one object). */
const DRAFT_KEY = SETTINGS_KIND.name;

/** The settings' editor calls (docs/api.md, "Site settings"): the editor's read, and the change. */
export const settingsApi = {
  async get(signal?: AbortSignal): Promise<SiteSettings> {
    return (await adminFetch<{ data: SiteSettings }>('/settings/edit', { signal })).data;
  },
  async update(settings: SiteSettings): Promise<SiteSettings> {
    return (await adminFetch<{ data: SiteSettings }>('/settings', { method: 'PUT', json: settings })).data;
  },
};

function inputOf(settings: SiteSettings): SettingsInput {
  const { version: _version, ...input } = settings;
  return input;
}

const same = (a: SettingsInput, b: SettingsInput) => JSON.stringify(a) === JSON.stringify(b);

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; saved: SiteSettings; values: SettingsInput };

/** Fields shown left to right whatever the page's direction: addresses, numbers and links. */
const LTR_FIELDS: readonly SharedSettingsField[] = [
  'email',
  'phone',
  'notify_email',
  ...SOCIAL_NETWORKS.map((network) => `social_${network}` as const),
];

/**
 * /site/settings: the site's settings, one object rather than a list, in one form: each language's name and
 * address side by side (each written in its own direction), then what both share. Core's rules (the server's
 * too) are checked before sending; every change is kept in IndexedDB until the server takes it; a 409 asks
 * whether to keep this edit or take the saved one, as the FAQ's form does.
 */
export function SettingsScreen() {
  const { t, i18n } = useTranslation('admin');
  useScreenTitle(t('screens.settings.title'));
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [errors, setErrors] = useState<ContentErrors>({});
  const [banner, setBanner] = useState<FormAlertState | null>(null);
  const [sending, setSending] = useState(false);
  const [restore, setRestore] = useState<{ values: SettingsInput; savedAt: string } | null>(null);
  const [conflict, setConflict] = useState<SiteSettings | null>(null);
  const [edited, setEdited] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const editorLanguage: Language = i18n.language === 'ar' ? 'ar' : 'en';

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const saved = await settingsApi.get(controller.signal);
        if (controller.signal.aborted) return;
        setState({ status: 'ready', saved, values: inputOf(saved) });
        const draft = await readContentDraft(DRAFT_KEY).catch(() => undefined);
        const values = draft?.values as SettingsInput | undefined;
        if (values && !controller.signal.aborted && !same(values, inputOf(saved)))
          setRestore({ values, savedAt: draft?.savedAt ?? '' });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      }
    })();
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  // Every country the contact form offers, named in the editor's language, in its alphabetical order.
  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([editorLanguage], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    return PHONE_REGIONS.map((region) => ({ value: region, label: names?.of(region) ?? region })).sort(
      (a, b) => a.label.localeCompare(b.label, editorLanguage),
    );
  }, [editorLanguage]);

  if (state.status === 'loading') return <p className="admin-checking container">{t('content.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="admin-page container">
        <p className="admin-alert admin-alert--error" role="alert">
          {failureText(t, 'content.loadError', state.error)}
        </p>
      </div>
    );

  const { saved, values } = state;

  function setValues(next: SettingsInput) {
    setState((current) => (current.status === 'ready' ? { ...current, values: next } : current));
    setEdited(true);
    void saveContentDraft({
      key: DRAFT_KEY,
      kind: SETTINGS_KIND.name,
      values: next as unknown as Record<string, unknown>,
      baseVersion: saved.version,
    }).catch(() => undefined);
  }

  function clearError(key: string) {
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  }

  function setShared(name: SharedSettingsField, value: string) {
    setValues({ ...values, [name]: value });
    clearError(name);
  }

  function setTranslated(language: Language, name: TranslatedSettingsField, value: string) {
    setValues({
      ...values,
      translations: {
        ...values.translations,
        [language]: { ...values.translations[language], [name]: value },
      },
    });
    clearError(translatedKey(language, name));
  }

  async function send(version: string, sent: SettingsInput) {
    setSending(true);
    setBanner(null);
    try {
      const next = await settingsApi.update({ ...sent, version });
      await deleteContentDraft(DRAFT_KEY).catch(() => undefined);
      setState({ status: 'ready', saved: next, values: inputOf(next) });
      setEdited(false);
      setErrors({});
      toast.success(t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        refuse((error.body as { errors?: ContentErrors } | null)?.errors ?? {});
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict((error.body as { current?: SiteSettings } | null)?.current ?? null);
      } else if (isNoResponse(error)) {
        setBanner({ kind: 'info', text: t('content.keptOffline') });
      } else {
        setBanner({ kind: 'error', text: failureText(t, 'content.saveError', error) });
      }
    } finally {
      setSending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSettings(values as unknown as Record<string, unknown>);
    if (Object.values(found).some((keys) => (keys?.length ?? 0) > 0)) {
      refuse(found);
      return;
    }
    setErrors(found);
    void send(saved.version, values);
  }

  /** A save refused: every field marked, and a summary above the form linking to each (it gets focus). */
  function refuse(found: ContentErrors) {
    setErrors(found);
    setBanner({
      kind: 'error',
      text: t('editor.errorSummary'),
      errors: summaryOf(
        found,
        (key) => `settings-${key.replace('.', '-')}`,
        (key) => t(`content.errors.${key}`, { defaultValue: key }),
      ),
    });
  }

  const errorOf = (key: string) => {
    const first = errors[key]?.[0];
    return first ? t(`content.errors.${first}`, { defaultValue: first }) : null;
  };

  /** One labelled box, with its error and hint tied to it. */
  function field(
    key: string,
    label: string,
    control: (props: Record<string, unknown>) => React.ReactNode,
    options: { required?: boolean; hint?: string } = {},
  ) {
    const error = errorOf(key);
    const id = `settings-${key.replace('.', '-')}`;
    const described = [error ? `${id}-error` : '', options.hint ? `${id}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div key={key} className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
        <label className="admin-field__label" htmlFor={id}>
          {label}{' '}
          {options.required && (
            <span className="admin-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {options.hint && (
          <p id={`${id}-hint`} className="admin-field__hint">
            {options.hint}
          </p>
        )}
        {control({
          id,
          required: options.required,
          ...(described ? { 'aria-describedby': described } : {}),
          ...(error ? { 'aria-invalid': true } : {}),
        })}
        {error && (
          <p id={`${id}-error`} className="admin-field__error">
            {error}
          </p>
        )}
      </div>
    );
  }

  const shared = (name: SharedSettingsField, hint?: string) =>
    field(
      name,
      t(`settings.fields.${name}`),
      (props) => (
        <input
          {...props}
          type={name.startsWith('social_') ? 'url' : name.endsWith('email') ? 'email' : 'text'}
          dir={LTR_FIELDS.includes(name) ? 'ltr' : undefined}
          value={values[name]}
          maxLength={SETTINGS_KIND.fields[name].maxLength}
          onChange={(event) => setShared(name, event.target.value)}
        />
      ),
      { required: SETTINGS_KIND.fields[name].required, hint },
    );

  return (
    <section className="admin-page container content-form settings-form" aria-labelledby="settings-heading">
      <header className="admin-page__header">
        <h1 id="settings-heading">{t('screens.settings.title')}</h1>
      </header>
      <p className="content-form__language">
        {t('settings.lead')}
        {edited && <span className="content-form__kept"> · {t('content.keptOnDevice')}</span>}
      </p>
      <DraftDialogs
        id="settings"
        draftKey={DRAFT_KEY}
        texts="settings"
        restore={restore}
        onRestore={() => restore && setValues(restore.values)}
        onRestoreClosed={() => setRestore(null)}
        conflict={conflict}
        onKeepMine={(version) => {
          const mine = values;
          setConflict(null);
          void send(version, mine);
        }}
        onTakeTheirs={() => {
          if (!conflict) return;
          setState({ status: 'ready', saved: conflict, values: inputOf(conflict) });
          setConflict(null);
          setEdited(false);
        }}
      />
      {banner && <FormAlert alert={banner} ref={bannerRef} />}
      <form noValidate onSubmit={submit} aria-busy={sending}>
        <div className="settings-form__languages">
          {LANGUAGES.map((language) => (
            <fieldset key={language} className="settings-form__group" data-language={language}>
              <legend>{t('settings.inLanguage', { language: t(`content.languages.${language}`) })}</legend>
              {field(
                translatedKey(language, 'name'),
                t('settings.fields.name'),
                (props) => (
                  <input
                    {...props}
                    lang={language}
                    dir={directionOf(language)}
                    value={values.translations[language].name}
                    maxLength={SETTINGS_KIND.fields.name.maxLength}
                    onChange={(event) => setTranslated(language, 'name', event.target.value)}
                  />
                ),
                { required: true },
              )}
              {field(
                translatedKey(language, 'address'),
                t('settings.fields.address'),
                (props) => (
                  <textarea
                    {...props}
                    lang={language}
                    dir={directionOf(language)}
                    rows={3}
                    value={values.translations[language].address}
                    maxLength={SETTINGS_KIND.fields.address.maxLength}
                    onChange={(event) => setTranslated(language, 'address', event.target.value)}
                  />
                ),
                { hint: t('settings.hints.address') },
              )}
            </fieldset>
          ))}
        </div>
        <fieldset className="settings-form__group">
          <legend>{t('settings.contactLegend')}</legend>
          {shared('email')}
          {shared('phone', t('settings.hints.phone'))}
          {field(
            'default_country',
            t('settings.fields.default_country'),
            (props) => (
              <select
                {...props}
                value={values.default_country}
                onChange={(event) => setShared('default_country', event.target.value)}
              >
                {countries.map((country) => (
                  <option key={country.value} value={country.value}>
                    {country.label}
                  </option>
                ))}
              </select>
            ),
            { required: true, hint: t('settings.hints.default_country') },
          )}
          {shared('notify_email', t('settings.hints.notify_email'))}
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>{t('settings.socialLegend')}</legend>
          {SOCIAL_NETWORKS.map((network) => shared(`social_${network}`))}
          <p className="admin-field__hint">{t('settings.hints.social')}</p>
        </fieldset>
        <div className="content-form__actions">
          <button type="submit" className="admin-button" disabled={sending}>
            {sending ? t('content.saving') : t('content.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
