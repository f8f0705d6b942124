import {
  ApiError,
  toast,
  useApiRead,
  useHydrating,
  useLanguage,
  useLocation,
  useServices,
  useSiteConfig,
  useTranslation,
} from '@agency/core';
import { onContactSent } from '@agency/core/contact-queue';
import type { PublicPricing } from '@agency/core/content';
import {
  CONTACT_FIELD_ORDER,
  CONTACT_LIMITS,
  type ContactErrorKey,
  FEATURED_CALLING_CODES,
  isPlanKey,
  localeRegion,
} from '@agency/core/rules';
import {
  type ChangeEvent,
  type FormEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FormPrivacyNotice } from '../../legal/components/form-privacy-notice';
import { sendContact } from '../api/send-contact';
import {
  type ContactValues,
  clearContactDraft,
  EMPTY_CONTACT,
  loadContactDraft,
  saveContactDraft,
  withRegion,
} from '../lib/contact-draft';
import { countryName, PhoneCountry } from './phone-country';
import './contact-form.css';

type ContactRules = typeof import('@agency/core/validate-contact');
type Countries = typeof import('@agency/core/countries');

type Field = keyof ContactValues;
type FieldErrors = Partial<Record<Field, string>>;
type Outcome = { tone: 'success' | 'error'; text: string } | null;

const FIELD_ORDER: readonly Field[] = CONTACT_FIELD_ORDER;
/** The element a field's problem focuses: the country list's value is the region, its calling code beside it. */
const ELEMENT_OF: Partial<Record<Field, string>> = { countryCode: 'region' };
/** The field each message key belongs to: the shared rules' keys, and the server's own `service_invalid`. */
const FIELD_OF_KEY: Record<ContactErrorKey | 'service_invalid', Field> = {
  name_required: 'name',
  name_min: 'name',
  country_code_invalid: 'countryCode',
  phone_required: 'phone',
  phone_characters: 'phone',
  phone_too_short: 'phone',
  phone_too_long: 'phone',
  phone_invalid: 'phone',
  email_required: 'email',
  email_invalid: 'email',
  email_domain: 'email',
  email_control: 'email',
  service_required: 'service',
  service_invalid: 'service',
  plan_invalid: 'plan',
  message_required: 'message',
  message_min: 'message',
  business_too_long: 'business',
  business_single_line: 'business',
};

function fieldOfKey(key: string): Field | undefined {
  return FIELD_OF_KEY[key as keyof typeof FIELD_OF_KEY];
}

/**
 * The contact form (spec sections 2, 5 and 7), on /contact, /pricing and /services. What the visitor types is
 * kept in this browser until the message is sent, so neither a reload nor a lost connection loses it.
 */
/** The fields whose value in the page differs from the empty form the server rendered. */
function typedBeforeHydration(form: HTMLFormElement | null, start: ContactValues): Partial<ContactValues> {
  const typed: Partial<ContactValues> = {};
  if (!form) return typed;
  for (const field of Object.keys(start) as (keyof ContactValues)[]) {
    const element = form.elements.namedItem(field);
    const value = element && 'value' in element ? String(element.value) : start[field];
    if (value !== start[field]) typed[field] = value;
  }
  return typed;
}

/**
 * The empty form on the site's default country (its settings): one of the seven has its calling code at once;
 * another is applied after hydration, once the country list is loaded (the form starts on the UK's until then).
 */
function startingValues(defaultCountry: string): ContactValues {
  const code = FEATURED_CALLING_CODES[defaultCountry];
  return code ? withRegion(EMPTY_CONTACT, defaultCountry, code) : EMPTY_CONTACT;
}

/** GET /api/pricing's categories with their plans; none when the answer is not pricing. */
function pricingCategories(body: unknown): PublicPricing['categories'] {
  return (body as { data?: PublicPricing } | null)?.data?.categories ?? [];
}

export function ContactForm() {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const services = useServices(language);
  const id = useId();
  // A page the server rendered shows the empty form first, as the server did; the draft kept in this browser
  // comes back right after hydration (before the visitor can type). A page rendered here starts from it.
  const hydrating = useHydrating();
  const [draft, setDraft] = useState(() => (hydrating ? null : loadContactDraft()));
  const restored = draft !== null;
  // The site's default country (its settings) until the visitor's locale says otherwise, after hydration.
  const { defaultCountry } = useSiteConfig();
  const [values, setValues] = useState<ContactValues>(() => draft ?? startingValues(defaultCountry));
  // The first render's values: the untouched form, which must not be kept as a draft (below).
  const untouched = useRef(values).current;
  const pendingRestore = useRef(hydrating);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // What a refused submit says aloud (WCAG 4.1.3): a new element each time, so the same words are said again.
  const [announcement, setAnnouncement] = useState<{ text: string; count: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The message the service worker keeps until the visitor is online: its outcome turns to "sent" when it goes.
  const [queuedKey, setQueuedKey] = useState<string | null>(null);

  useEffect(() => {
    if (!queuedKey) return;
    return onContactSent(({ key, ok }) => {
      if (key !== queuedKey) return;
      setQueuedKey(null);
      setOutcome(
        ok
          ? { tone: 'success', text: t('contact.sent') }
          : { tone: 'error', text: t('contact.errors.failed') },
      );
    });
  }, [queuedKey, t]);

  // The country was chosen (by the visitor, or in a kept draft): the locale's default no longer applies.
  const regionChosen = useRef(restored);
  const location = useLocation();
  // The form's checks bring libphonenumber's metadata (about 40 KB gzip): fetched when the visitor starts on
  // the form (its first focus or press), not with the page. The server checks the same rules in any case.
  const rules = useRef<Promise<ContactRules> | null>(null);
  function loadRules(): Promise<ContactRules> {
    rules.current ??= import('@agency/core/validate-contact').catch((error: unknown) => {
      rules.current = null;
      throw error;
    });
    return rules.current;
  }
  // Every country beyond the spec's seven, with its calling code (about 1 KB): loaded with the checks.
  const [countries, setCountries] = useState<Countries | null>(null);
  const countriesLoad = useRef<Promise<Countries> | null>(null);
  function loadCountries(): Promise<Countries> {
    countriesLoad.current ??= import('@agency/core/countries').then(
      (loaded) => {
        setCountries(loaded);
        return loaded;
      },
      (error: unknown) => {
        countriesLoad.current = null;
        throw error;
      },
    );
    return countriesLoad.current;
  }
  function startLoadingRules() {
    loadRules().catch(() => {});
    loadCountries().catch(() => {});
  }
  const others = useMemo(
    () => countries?.otherCountries((region) => countryName(region, language), language) ?? null,
    [countries, language],
  );

  // The country the form starts on comes from the visitor's locale, which only the browser knows: applied
  // after hydration, so the server's page and the hydrated one are the same. One of the seven is known at
  // once; another needs the country list first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadCountries loads once (a ref), whichever render's.
  useEffect(() => {
    if (hydrating || regionChosen.current) return;
    // The locale's country when it names one, else the site's default (one the list may load first).
    const region =
      localeRegion(language, typeof navigator === 'undefined' ? [] : navigator.languages) || defaultCountry;
    const apply = (code: string) => {
      if (regionChosen.current || !code) return;
      setValues((current) => (current.region === region ? current : withRegion(current, region, code)));
    };
    const featured = FEATURED_CALLING_CODES[region];
    if (featured) apply(featured);
    else if (region) {
      loadCountries().then(
        (loaded) => apply(loaded.callingCodeOf(region)),
        () => {},
      );
    }
  }, [hydrating, language, defaultCountry]);

  // A plan or service chosen on another page (`/contact?service=seo&plan=professional`) arrives chosen, over a
  // kept draft's: it is what the visitor just asked for. Read after hydration: the server's page ignores it.
  useEffect(() => {
    if (hydrating) return;
    const params = new URLSearchParams(location.search);
    const service = params.get('service')?.trim().slice(0, 100) ?? '';
    const plan = params.get('plan')?.trim() ?? '';
    if (!service && !isPlanKey(plan)) return;
    setValues((current) => ({
      ...current,
      ...(service ? { service } : {}),
      ...(isPlanKey(plan) ? { plan } : {}),
    }));
  }, [hydrating, location.search]);

  // A service the list does not offer (a plan's category that is no service, or one hidden since the draft was
  // kept) is no choice: the list shows its placeholder, and the visitor picks one.
  useEffect(() => {
    if (services.status !== 'success' || !values.service) return;
    if (!services.data.some((s) => s.key === values.service))
      setValues((current) => ({ ...current, service: '' }));
  }, [services, values.service]);

  // The result of a send takes focus (WCAG 2.4.3), unless a field with a problem took it: the button that sent
  // it would otherwise be all that had it, and a reader would have to look for what happened.
  useEffect(() => {
    const active = document.activeElement;
    if (outcome && (!active || active === document.body || active.matches('.contact-form__submit')))
      outcomeRef.current?.focus();
  }, [outcome]);

  // Once, at hydration: the default country is the server's, which the page was rendered with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the values the server rendered.
  useLayoutEffect(() => {
    if (!pendingRestore.current) return;
    // Hydration leaves in the fields what the visitor typed before it (React writes its state into them only
    // at the next render): that is taken in, over the draft kept from an earlier visit.
    const start = startingValues(defaultCountry);
    const typed = typedBeforeHydration(formRef.current, start);
    // A country chosen before hydration is one of the seven (the server's list): its calling code goes with it.
    if (typed.region) {
      regionChosen.current = true;
      typed.countryCode = FEATURED_CALLING_CODES[typed.region] ?? '';
    }
    const kept = loadContactDraft();
    if (!kept && Object.keys(typed).length === 0) {
      pendingRestore.current = false;
      return;
    }
    if (kept) {
      setDraft(kept);
      regionChosen.current = true;
    }
    setValues({ ...(kept ?? start), ...typed });
  }, []);

  useEffect(() => {
    // The empty form of the first render must not erase the draft it is about to show.
    if (pendingRestore.current) {
      if (values === untouched) return;
      pendingRestore.current = false;
    }
    saveContactDraft(values);
  }, [values, untouched]);

  function errorText(key: string): string {
    return t(`contact.errors.${key}`, {
      defaultValue: t('contact.errors.failed'),
      min: key === 'name_min' ? CONTACT_LIMITS.nameMin : CONTACT_LIMITS.messageMin,
      country: countryName(values.region, language),
    });
  }

  function change(field: Field) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    };
  }

  function changeRegion(region: string, code: string) {
    regionChosen.current = true;
    setValues((current) => withRegion(current, region, code));
    // A number refused in one country may be right in another: its message goes with the old choice.
    setErrors((current) =>
      current.countryCode || current.phone
        ? { ...current, countryCode: undefined, phone: undefined }
        : current,
    );
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${ELEMENT_OF[first] ?? first}"]`)?.focus();
    }
  }

  /** The form's own check refused the submit: says so, with the first problem, beside focusing its field. */
  function announce(found: FieldErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    setAnnouncement((previous) => ({
      text: t('contact.errors.summary', { error: found[first] }),
      count: (previous?.count ?? 0) + 1,
    }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setOutcome(null);
    // Without the checks (their file could not be fetched: offline before the first focus) the server's answer
    // says what is wrong, in the same words.
    const check = await loadRules().catch(() => null);
    const problems = check ? check.validateContact(values) : [];
    if (problems.length > 0) {
      const found: FieldErrors = {};
      for (const { field, key } of problems) found[field] ??= errorText(key);
      // The spec announces a bad phone number or e-mail address in a toast as well.
      for (const { key } of problems) {
        if (/^(phone|email)_/.test(key) && !key.endsWith('_required')) toast.error(errorText(key));
      }
      showErrors(found);
      announce(found);
      return;
    }
    setAnnouncement(null);
    setSubmitting(true);
    try {
      // Made at each press: the offline queue's replays of this message carry the same key.
      const key = crypto.randomUUID();
      const answer = await sendContact({ ...values, website }, key);
      if (answer.message === 'contact_queued') {
        setQueuedKey(key);
        setOutcome({ tone: 'success', text: t('contact.queued') });
      } else {
        const text = t('contact.sent');
        toast.success(text);
        setOutcome({ tone: 'success', text });
      }
      // The country stays as chosen: the next message is most likely from the same place.
      setValues((current) => withRegion({ ...EMPTY_CONTACT }, current.region, current.countryCode));
      setErrors({});
      clearContactDraft();
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error) });
    } finally {
      setSubmitting(false);
    }
  }

  function failureText(error: unknown): string {
    if (!(error instanceof ApiError) || error.isNetworkError) return t('contact.errors.offline');
    const body = (error.body ?? {}) as { message?: unknown; errors?: unknown };
    if (error.status === 422 && body.errors && typeof body.errors === 'object') {
      // { field: [key, ...] }: each field's first problem beside it, as the form's own check does.
      const found: FieldErrors = {};
      for (const [name, keys] of Object.entries(body.errors as Record<string, unknown>)) {
        const key = Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : '';
        const field = fieldOfKey(key) ?? (FIELD_ORDER.includes(name as Field) ? (name as Field) : undefined);
        if (field && key) found[field] ??= errorText(key);
      }
      showErrors(found);
    }
    if (typeof body.message === 'string' && body.message) return errorText(body.message);
    return t('contact.errors.failed');
  }

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p className="contact-form__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  // The chosen service's plans as the agency named them (GET /api/pricing, with the page: the same read as the
  // pricing tabs', parsed here so that the form shares no chunk with them); before a service with plans is
  // chosen, the first category's (the tiers every service has). A category that is no service's (one an editor
  // added, such as retainers) offers its plans with every service.
  const pricing = useApiRead('/pricing', { language }, pricingCategories);
  const categories = pricing.status === 'success' ? pricing.data : [];
  const serviceKeys = services.status === 'success' ? new Set(services.data.map((s) => s.key)) : null;
  const own = categories.find((c) => c.key === values.service) ?? categories[0];
  const planChoices = [own, ...categories.filter((c) => c !== own && serviceKeys && !serviceKeys.has(c.key))]
    .flatMap((c) => c?.plans ?? [])
    .filter((plan, i, all) => all.findIndex((p) => p.key === plan.key) === i);
  // A plan the choices do not hold (a key no visible plan has, or one the chosen service does not offer) is
  // not kept: the list would show none while the form sent it.
  const offered = planChoices.some((plan) => plan.key === values.plan);
  const plansKnown = pricing.status === 'success' && serviceKeys !== null;
  useEffect(() => {
    if (plansKnown && values.plan && !offered) setValues((current) => ({ ...current, plan: '' }));
  }, [plansKnown, offered, values.plan]);
  const serviceHint =
    services.status === 'loading'
      ? t('contact.servicesLoading')
      : services.status === 'error'
        ? t('contact.servicesError')
        : services.data.length === 0
          ? t('contact.servicesEmpty')
          : null;

  return (
    <form
      ref={formRef}
      className="contact-form"
      noValidate
      onSubmit={submit}
      onFocus={startLoadingRules}
      onPointerDown={startLoadingRules}
      aria-busy={submitting}
    >
      {/* The page is readable without scripts; sending is not (the message goes through the API). */}
      <noscript>
        <p className="contact-form__note">{t('contact.needsJavaScript')}</p>
      </noscript>
      {restored && outcome === null && (
        <p className="contact-form__note" role="status">
          {t('contact.draftRestored')}
        </p>
      )}
      <div className="contact-form__grid">
        <div className="contact-form__field">
          <label htmlFor={`${id}-name`}>{t('contact.fields.name')}</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            value={values.name}
            onChange={change('name')}
            aria-invalid={!!errors.name}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-email`}>{t('contact.fields.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.emailMax}
            value={values.email}
            onChange={change('email')}
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>
        <fieldset className="contact-form__field contact-form__phone">
          <legend>{t('contact.fields.phone')}</legend>
          <div className="contact-form__phone-row">
            <PhoneCountry
              label={t('contact.fields.countryCode')}
              groups={{ featured: t('contact.countriesFeatured'), all: t('contact.countriesAll') }}
              language={language}
              value={values.region}
              code={values.countryCode}
              others={others}
              onChange={changeRegion}
              invalid={!!errors.countryCode}
              describedBy={errors.countryCode ? `${id}-countryCode-error` : undefined}
            />
            {/* Written as people write numbers: + and 00, spaces, dashes, brackets, Arabic-Indic digits. Never
                cut: a number too long is refused with the reason (40 is the API's limit of characters). */}
            <input
              name="phone"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              aria-label={t('contact.fields.phoneNumber')}
              required
              maxLength={40}
              value={values.phone}
              onChange={change('phone')}
              aria-invalid={!!errors.phone}
              aria-describedby={describedBy('phone', `${id}-phone-hint`)}
            />
          </div>
          <p className="contact-form__hint" id={`${id}-phone-hint`}>
            {t('contact.phoneHint')}
          </p>
          {fieldError('countryCode')}
          {fieldError('phone')}
        </fieldset>
        <div className="contact-form__field">
          <label htmlFor={`${id}-business`}>{t('contact.fields.business')}</label>
          <input
            id={`${id}-business`}
            name="business"
            autoComplete="organization"
            maxLength={200}
            value={values.business}
            onChange={change('business')}
            aria-invalid={!!errors.business}
            aria-describedby={describedBy('business')}
          />
          {fieldError('business')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-service`}>{t('contact.fields.service')}</label>
          <select
            id={`${id}-service`}
            name="service"
            required
            value={values.service}
            onChange={change('service')}
            disabled={services.status !== 'success' || services.data.length === 0}
            aria-invalid={!!errors.service}
            aria-describedby={describedBy('service', serviceHint ? `${id}-service-hint` : undefined)}
          >
            <option value="">{t('contact.servicePlaceholder')}</option>
            {services.status === 'success' &&
              services.data.map((service) => (
                <option key={service.key} value={service.key}>
                  {service.name}
                </option>
              ))}
          </select>
          {serviceHint && (
            <p className="contact-form__hint" id={`${id}-service-hint`}>
              {serviceHint}
            </p>
          )}
          {fieldError('service')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={`${id}-plan`}>{t('contact.fields.plan')}</label>
          <select
            id={`${id}-plan`}
            name="plan"
            value={values.plan}
            onChange={change('plan')}
            aria-invalid={!!errors.plan}
            aria-describedby={describedBy('plan')}
          >
            <option value="">{t('contact.planPlaceholder')}</option>
            {planChoices.map((plan) => (
              <option key={plan.key} value={plan.key}>
                {plan.name}
              </option>
            ))}
          </select>
          {fieldError('plan')}
        </div>
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={`${id}-message`}>{t('contact.fields.message')}</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={5}
            required
            maxLength={CONTACT_LIMITS.messageMax}
            value={values.message}
            onChange={change('message')}
            aria-invalid={!!errors.message}
            aria-describedby={describedBy('message')}
          />
          {fieldError('message')}
        </div>
      </div>
      {/* A trap for robots: hidden from people and from assistive technology. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {announcement && (
        <p key={announcement.count} className="visually-hidden" role="alert">
          {announcement.text}
        </p>
      )}
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={`contact-form__outcome contact-form__outcome--${outcome.tone}`}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      )}
      <FormPrivacyNotice />
      {/* Until the form is hydrated a click would submit it the browser's way, with the message in the address:
          the button waits for the script that sends it (and without scripts the note above says why). While a
          message is on its way it only says it is unavailable: disabled, it would drop the focus it has. */}
      <button
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={hydrating}
        aria-disabled={submitting || undefined}
      >
        {submitting ? t('contact.submitting') : t('contact.submit')}
      </button>
    </form>
  );
}
