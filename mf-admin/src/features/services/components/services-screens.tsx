import {
  ApiError,
  directionOf,
  isLanguage,
  type Language,
  Link,
  Route,
  Routes,
  toast,
  useNavigate,
  useParams,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import {
  type ContentErrors,
  type EditableSection,
  hasErrors,
  MAX_SECTION_ITEMS,
  MAX_SECTIONS,
  SECTION_LAYOUTS,
  SERVICE_ITEM_KIND,
  SERVICE_KIND,
  SERVICE_SECTION_KIND,
  validateService,
} from '@agency/core/content';
import { imageProblem } from '@agency/core/images';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert, type FormAlertState, summaryOf } from '../../../components/error-summary';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { failureText, isNoResponse } from '../../../lib/failure-text';
import { ContentList } from '../../content/components/content-list';
import { DraftDialogs } from '../../content/components/draft-dialogs';
import { deleteContentDraft, readContentDraft, saveContentDraft } from '../../drafts/api/draft-store';
import { LibraryButton } from '../../media/components/library-button';
import { uploadImage } from '../../post-editor/api/upload-image';
import { type ServiceItem, servicesApi, servicesListApi } from '../api/services-api';
import './services.css';

export const SERVICES_PATH = '/site/services';

/** A service's screen, by its page's address (as the API finds it). */
const servicePath = (slug: string, language: Language) =>
  `${SERVICES_PATH}/${encodeURIComponent(slug)}?language=${language}`;

/** The services' screens under /site/services (the app mounts them at `/site/services/*`). */
export function ServicesRoutes() {
  return (
    <Routes>
      <Route index element={<ServicesListScreen />} />
      <Route path=":slug" element={<ServiceScreen />} />
    </Routes>
  );
}

/** /site/services: every service in one language, to reorder, hide, translate, edit or delete. */
export function ServicesListScreen() {
  const { t } = useTranslation('admin');
  useScreenTitle(t('screens.services.title'));
  const groupName = t('services.listHeading');
  const api = useMemo(() => servicesListApi(groupName), [groupName]);
  return (
    <ContentList
      api={api}
      groupOf={() => 'services'}
      titleOf={(service) => service.name || service.key}
      basePath={SERVICES_PATH}
      idPrefix="services"
      pathOf={(service, language) => servicePath(service.slug, language)}
      confirmDeleteOf={(title) => t('services.confirmDelete', { title })}
      texts={{ title: t('screens.services.title'), add: t('services.add'), empty: t('services.empty') }}
    />
  );
}

/** What the form edits: the service's fields in one language and its sections. */
interface Values {
  key: string;
  /** The page's address; a new service's may be left empty (its key then). */
  slug: string;
  name: string;
  description: string;
  image_path: string;
  image_alt: string;
  hidden: boolean;
  sections: EditableSection[];
}

const EMPTY: Values = {
  key: '',
  slug: '',
  name: '',
  description: '',
  image_path: '',
  image_alt: '',
  hidden: false,
  sections: [{ type: 'hero', data: { title: '', description: '' } }],
};

function valuesOf(service: ServiceItem): Values {
  const { key, slug, name, description, image_path, image_alt, hidden, sections } = service;
  return { key, slug, name, description, image_path, image_alt, hidden, sections };
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; service: ServiceItem | null };

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/**
 * /site/services/{slug}?language= and /site/services/new?language=: one service in one language with its page's
 * address and sections (a hero, then content sections with their points and a left or right layout), to add,
 * remove and reorder. Core's rules (the server's too) are checked before sending; every change is kept in IndexedDB at
 * once and offered back when the form is opened again; a 409 asks whose version to keep.
 */
export function ServiceScreen() {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const { slug: rawKey = '' } = useParams();
  const [params] = useSearchParams();
  const requested = params.get('language');
  const language: Language = isLanguage(requested)
    ? requested
    : isLanguage(i18n.language)
      ? i18n.language
      : 'en';
  const isNew = rawKey === 'new';
  useScreenTitle(isNew ? t('services.newTitle') : t('services.editTitle'));
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [values, setValuesState] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ContentErrors>({});
  const [banner, setBanner] = useState<FormAlertState | null>(null);
  const [sending, setSending] = useState(false);
  const [edited, setEdited] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [restore, setRestore] = useState<{ values: Values; savedAt: string } | null>(null);
  const [conflict, setConflict] = useState<ServiceItem | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const draftKey = `services:${isNew ? 'new' : rawKey}:${language}`;
  const dir = directionOf(language);
  const listPath = `${SERVICES_PATH}?language=${language}`;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      try {
        const service = isNew ? null : await servicesApi.read(rawKey, language, controller.signal);
        if (controller.signal.aborted) return;
        const loaded = service ? valuesOf(service) : EMPTY;
        setValuesState(loaded);
        setState({ status: 'ready', service });
        const draft = await readContentDraft(draftKey).catch(() => undefined);
        if (draft && !controller.signal.aborted && JSON.stringify(draft.values) !== JSON.stringify(loaded))
          setRestore({ values: draft.values as unknown as Values, savedAt: draft.savedAt });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      }
    })();
    return () => controller.abort();
  }, [rawKey, language, isNew, draftKey]);

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  if (state.status === 'loading') return <p className="admin-checking container">{t('content.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="admin-page container">
        <p className="admin-alert admin-alert--error" role="alert">
          {state.error instanceof ApiError && state.error.status === 404
            ? t('content.notFound')
            : failureText(t, 'content.loadError', state.error)}
        </p>
        <Link to={listPath}>{t('content.backToList')}</Link>
      </div>
    );
  const { service } = state;

  function setValues(next: Values) {
    setValuesState(next);
    setEdited(true);
    void saveContentDraft({
      key: draftKey,
      kind: SERVICE_KIND.name,
      values: next as unknown as Record<string, unknown>,
      baseVersion: service?.version ?? null,
    }).catch(() => undefined);
  }
  function setField<K extends keyof Values>(name: K, value: Values[K]) {
    setValues({ ...values, [name]: value });
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  }
  function setSections(sections: EditableSection[]) {
    setField('sections', sections);
  }
  function setSection(index: number, data: Partial<EditableSection['data']>) {
    setSections(
      values.sections.map((s, i) =>
        i === index ? ({ ...s, data: { ...s.data, ...data } } as EditableSection) : s,
      ),
    );
    const prefix = `sections.${index}.`;
    if (Object.keys(errors).some((k) => k.startsWith(prefix)))
      setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith(prefix))));
  }

  async function send(version: string | undefined) {
    setSending(true);
    setBanner(null);
    try {
      const saved =
        service === null
          ? await servicesApi.create({ ...values, slug: values.slug.trim(), language })
          : await servicesApi.save(service.slug, {
              ...service,
              ...values,
              slug: values.slug.trim(),
              key: service.key,
              language,
              version: version ?? service.version,
            });
      await deleteContentDraft(draftKey).catch(() => undefined);
      toast.success(t(service === null ? 'content.created' : 'content.saved'));
      navigate(`${SERVICES_PATH}?language=${language}`);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        refuse((error.body as { errors?: ContentErrors } | null)?.errors ?? {});
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict((error.body as { current?: ServiceItem } | null)?.current ?? null);
      } else if (isNoResponse(error)) {
        setBanner({ kind: 'info', text: t('content.keptOffline') });
      } else {
        setBanner({ kind: 'error', text: failureText(t, 'content.saveError', error) });
      }
      return null;
    } finally {
      setSending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A new service without an address gets its key's (as the API gives it).
    const slug = service === null && values.slug.trim() === '' ? values.key : values.slug.trim();
    const found = validateService({ ...values, slug } as unknown as Record<string, unknown>);
    // What a bad key makes of an address taken from it says nothing more than the key's own message.
    if (service === null && values.slug.trim() === '') delete found.slug;
    if (service === null && !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(values.key))
      found.key = [values.key === '' ? 'required' : 'key_invalid'];
    setErrors(found);
    if (hasErrors(found)) {
      refuse(found);
      return;
    }
    void send(undefined);
  }

  /** A field's error in words: the address's own (services.errors), else every kind's (content.errors). */
  function errorText(path: string, key: string): string {
    const shared = t(`content.errors.${key}`, { defaultValue: t(key, { defaultValue: key }) });
    return path === 'slug' ? t(`services.errors.${key}`, { defaultValue: shared }) : shared;
  }

  /** A save refused: every field marked, and a summary above the form linking to each (it gets focus). */
  function refuse(found: ContentErrors) {
    setErrors(found);
    setBanner({
      kind: 'error',
      text: t('editor.errorSummary'),
      errors: summaryOf(
        found,
        (path) => `service-${path.replace(/\./g, '-')}`,
        (key, path) => errorText(path, key),
      ),
    });
  }

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setErrors({ ...errors, image_path: [problem as 'invalid_type'] });
      return;
    }
    setUploading(true);
    try {
      setField('image_path', await uploadImage(file, () => undefined));
    } catch (error) {
      setBanner({ kind: 'error', text: failureText(t, 'content.saveError', error) });
    } finally {
      setUploading(false);
    }
  }

  const errorOf = (path: string) => {
    const key = errors[path]?.[0];
    return key ? errorText(path, key) : null;
  };
  /** A text box (or area) with its label and error, named by its path in the service (`sections.1.title`). */
  function textField(
    path: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: {
      area?: boolean;
      maxLength?: number;
      required?: boolean;
      hint?: string;
      dir?: 'auto';
      placeholder?: string;
    } = {},
  ) {
    const id = `service-${path.replace(/\./g, '-')}`;
    const error = errorOf(path);
    const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    const described = {
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': true } : {}),
    };
    const props = {
      id,
      dir: options.dir ?? dir,
      placeholder: options.placeholder,
      lang: language,
      value,
      maxLength: options.maxLength,
      required: options.required,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      ...described,
    };
    return (
      <div className={`admin-field${error ? ' admin-field--invalid' : ''}`}>
        <label className="admin-field__label" htmlFor={id}>
          {label}{' '}
          {options.required && (
            <span className="admin-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {options.area ? <textarea rows={3} {...props} /> : <input {...props} />}
        {options.hint && (
          <p id={`${id}-hint`} className="admin-field__hint">
            {options.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="admin-field__error">
            {error}
          </p>
        )}
      </div>
    );
  }

  const hasHero = values.sections[0]?.type === 'hero';
  const last = values.sections.at(-1);
  // A new section takes the other side from the one before it, as the seed's sections alternate.
  const lastLayout = last?.type === 'content' ? last.data.layout : 'right';
  const sectionName = (section: EditableSection, index: number) =>
    section.type === 'hero'
      ? t('services.hero')
      : t('services.contentSection', { number: index + (hasHero ? 0 : 1) });

  return (
    <section
      className="admin-page container content-form service-form"
      aria-labelledby="service-form-heading"
    >
      <header className="admin-page__header">
        <h1 id="service-form-heading">
          {service === null ? t('services.newTitle') : t('services.editTitle')}
        </h1>
        <Link to={listPath}>{t('content.backToList')}</Link>
      </header>
      <p className="content-form__language">
        {t('content.writtenIn', { language: t(`content.languages.${language}`) })}
        {service && !service.translated && <> · {t('services.notTranslated')}</>}
        {edited && <span className="content-form__kept"> · {t('content.keptOnDevice')}</span>}
      </p>
      <DraftDialogs
        id="content"
        draftKey={draftKey}
        restore={restore}
        onRestore={() => restore && setValues(restore.values)}
        onRestoreClosed={() => setRestore(null)}
        conflict={conflict}
        onKeepMine={(version) => {
          setConflict(null);
          void send(version);
        }}
        onTakeTheirs={() => {
          if (!conflict) return;
          setState({ status: 'ready', service: conflict });
          setValuesState(valuesOf(conflict));
          setConflict(null);
          setEdited(false);
        }}
      />
      {banner && <FormAlert alert={banner} ref={bannerRef} />}
      <form noValidate onSubmit={submit} aria-busy={sending}>
        {service === null ? (
          textField('key', t('services.fields.key'), values.key, (v) => setField('key', v), {
            required: true,
            maxLength: 60,
          })
        ) : (
          <p className="service-form__key">
            {t('services.fields.key')}: <code dir="ltr">{service.key}</code> · {t('services.keyStays')}
          </p>
        )}
        {textField('slug', t('services.fields.slug'), values.slug, (v) => setField('slug', v), {
          required: service !== null,
          maxLength: SERVICE_KIND.fields.slug.maxLength,
          dir: 'auto',
          placeholder: service === null ? values.key : undefined,
          hint: [
            // The path kept left to right inside an Arabic sentence (an isolate: U+2066 … U+2069).
            t('services.slugHint', {
              path: `\u2066/services/${values.slug.trim() || values.key || '…'}\u2069`,
            }),
            service === null ? t('services.slugNewHint') : t('services.slugMoves'),
          ].join(' '),
        })}
        {textField('name', t('services.fields.name'), values.name, (v) => setField('name', v), {
          required: true,
          maxLength: SERVICE_KIND.fields.name.maxLength,
        })}
        {textField(
          'description',
          t('services.fields.description'),
          values.description,
          (v) => setField('description', v),
          {
            area: true,
            required: true,
            maxLength: SERVICE_KIND.fields.description.maxLength,
          },
        )}
        <div className={`admin-field${errors.image_path ? ' admin-field--invalid' : ''}`}>
          <label className="admin-field__label" htmlFor="service-image">
            {t('services.fields.image')}{' '}
            <span className="admin-field__required" aria-hidden="true">
              *
            </span>
          </label>
          <div className="service-form__image">
            {values.image_path && <img src={values.image_path} alt="" width={96} height={96} />}
            <input
              id="service-image"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              disabled={uploading}
              onChange={(event) => void chooseImage(event.target.files?.[0])}
              aria-describedby={
                errors.image_path ? 'service-image-hint service-image-error' : 'service-image-hint'
              }
              {...(errors.image_path ? { 'aria-invalid': true } : {})}
            />
            <LibraryButton
              ariaLabel={t('media.picker.fieldLabel', { field: t('services.fields.image') })}
              disabled={uploading}
              onChoose={(item) => {
                // Its alt text comes along when the service has none yet.
                const alt = values.image_alt.trim()
                  ? values.image_alt
                  : item.alt[language] || values.image_alt;
                setValues({ ...values, image_path: item.url, image_alt: alt });
                if (errors.image_path) setErrors({ ...errors, image_path: undefined });
              }}
            />
          </div>
          <p id="service-image-hint" className="admin-field__hint">
            {t('editor.imageHint')}
          </p>
          {uploading && <p role="status">{t('services.uploading')}</p>}
          {errorOf('image_path') && (
            <p id="service-image-error" className="admin-field__error">
              {errorOf('image_path')}
            </p>
          )}
        </div>
        {textField(
          'image_alt',
          t('services.fields.imageAlt'),
          values.image_alt,
          (v) => setField('image_alt', v),
          {
            maxLength: SERVICE_KIND.fields.image_alt.maxLength,
          },
        )}
        <div className="admin-field content-form__check">
          <label>
            <input
              type="checkbox"
              checked={values.hidden}
              onChange={(event) => setField('hidden', event.target.checked)}
            />{' '}
            {t('services.fields.hidden')}
          </label>
        </div>

        <fieldset className="service-form__sections">
          <legend>{t('services.sections')}</legend>
          {errorOf('sections') && <p className="admin-field__error">{errorOf('sections')}</p>}
          <ol className="service-form__section-list">
            {values.sections.map((section, index) => {
              const name = sectionName(section, index);
              const at = `sections.${index}`;
              const canUp = index > (hasHero ? 1 : 0) && section.type === 'content';
              const canDown = section.type === 'content' && index < values.sections.length - 1;
              return (
                <li
                  key={section.id ?? `new-${index}`}
                  className="service-form__section"
                  data-testid="service-section"
                >
                  <div className="service-form__section-head">
                    <h2 className="service-form__section-title">{name}</h2>
                    <div className="service-form__section-actions">
                      {section.type === 'content' && (
                        <>
                          <button
                            type="button"
                            className="admin-button admin-button--quiet"
                            aria-label={t('content.moveUp', { title: name })}
                            disabled={!canUp}
                            onClick={() => setSections(moved(values.sections, index, index - 1))}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="admin-button admin-button--quiet"
                            aria-label={t('content.moveDown', { title: name })}
                            disabled={!canDown}
                            onClick={() => setSections(moved(values.sections, index, index + 1))}
                          >
                            ↓
                          </button>
                        </>
                      )}
                      <button
                        type="button"
                        className="admin-button admin-button--danger"
                        aria-label={t('services.removeSection', { title: name })}
                        onClick={() => setSections(values.sections.filter((_, i) => i !== index))}
                      >
                        {t('services.remove')}
                      </button>
                    </div>
                  </div>
                  {errorOf(`${at}.type`) && <p className="admin-field__error">{errorOf(`${at}.type`)}</p>}
                  {textField(
                    `${at}.title`,
                    t('services.fields.sectionTitle'),
                    section.data.title,
                    (v) => setSection(index, { title: v }),
                    {
                      required: true,
                      maxLength: SERVICE_SECTION_KIND.fields.title.maxLength,
                    },
                  )}
                  {textField(
                    `${at}.description`,
                    t('services.fields.sectionDescription'),
                    section.data.description,
                    (v) => setSection(index, { description: v }),
                    {
                      area: true,
                      required: true,
                      maxLength: SERVICE_SECTION_KIND.fields.description.maxLength,
                    },
                  )}
                  {section.type === 'content' && (
                    <>
                      <fieldset className="service-form__layout">
                        <legend>{t('services.fields.layout')}</legend>
                        {SECTION_LAYOUTS.map((layout) => (
                          <label key={layout}>
                            <input
                              type="radio"
                              name={`service-layout-${index}`}
                              checked={section.data.layout === layout}
                              onChange={() => setSection(index, { layout })}
                            />{' '}
                            {t(`services.layouts.${layout}`)}
                          </label>
                        ))}
                      </fieldset>
                      <fieldset className="service-form__items">
                        <legend>{t('services.fields.items')}</legend>
                        <ol>
                          {section.data.items.map((item, n) => {
                            const label = t('services.point', { number: n + 1 });
                            const items = section.data.items;
                            return (
                              // biome-ignore lint/suspicious/noArrayIndexKey: points are plain texts, placed by index
                              <li key={n} className="service-form__item">
                                {textField(
                                  `${at}.items.${n}`,
                                  label,
                                  item,
                                  (v) => setSection(index, { items: items.map((x, i) => (i === n ? v : x)) }),
                                  {
                                    maxLength: SERVICE_ITEM_KIND.fields.text.maxLength,
                                  },
                                )}
                                <div className="service-form__item-actions">
                                  <button
                                    type="button"
                                    className="admin-button admin-button--quiet"
                                    aria-label={t('content.moveUp', { title: label })}
                                    disabled={n === 0}
                                    onClick={() => setSection(index, { items: moved(items, n, n - 1) })}
                                  >
                                    ↑
                                  </button>
                                  <button
                                    type="button"
                                    className="admin-button admin-button--quiet"
                                    aria-label={t('content.moveDown', { title: label })}
                                    disabled={n === items.length - 1}
                                    onClick={() => setSection(index, { items: moved(items, n, n + 1) })}
                                  >
                                    ↓
                                  </button>
                                  <button
                                    type="button"
                                    className="admin-button admin-button--quiet"
                                    aria-label={t('services.removePoint', { title: label })}
                                    onClick={() =>
                                      setSection(index, { items: items.filter((_, i) => i !== n) })
                                    }
                                  >
                                    ✕
                                  </button>
                                </div>
                              </li>
                            );
                          })}
                        </ol>
                        <button
                          type="button"
                          className="admin-button admin-button--quiet"
                          disabled={section.data.items.length >= MAX_SECTION_ITEMS}
                          onClick={() => setSection(index, { items: [...section.data.items, ''] })}
                        >
                          {t('services.addPoint')}
                        </button>
                      </fieldset>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="service-form__add">
            {!hasHero && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() =>
                  setSections([{ type: 'hero', data: { title: '', description: '' } }, ...values.sections])
                }
              >
                {t('services.addHero')}
              </button>
            )}
            <button
              type="button"
              className="admin-button admin-button--quiet"
              disabled={values.sections.length >= MAX_SECTIONS}
              onClick={() =>
                setSections([
                  ...values.sections,
                  {
                    type: 'content',
                    data: {
                      title: '',
                      description: '',
                      items: [],
                      layout: lastLayout === 'left' ? 'right' : 'left',
                    },
                  },
                ])
              }
            >
              {t('services.addSection')}
            </button>
          </div>
        </fieldset>
        <div className="content-form__actions">
          <button type="submit" className="admin-button" disabled={sending || uploading}>
            {sending ? t('content.saving') : t('content.save')}
          </button>
          <Link to={listPath}>{t('content.cancel')}</Link>
          {service && !service.hidden && (
            <a
              href={`/services/${encodeURIComponent(service.slug)}?lng=${language}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('services.viewPage')}
            </a>
          )}
        </div>
      </form>
    </section>
  );
}
