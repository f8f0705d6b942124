import { ApiError, directionOf, type Language, Link, toast, useNavigate, useTranslation } from '@agency/core';
import {
  type ContentErrors,
  type ContentKind,
  type ContentMeta,
  type GalleryImage,
  hasErrors,
  validateContent,
} from '@agency/core/content';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import { FormAlert, type FormAlertState } from '../../../components/error-summary';
import { failureText, isNoResponse } from '../../../lib/failure-text';
import {
  contentDraftKey,
  deleteContentDraft,
  readContentDraft,
  saveContentDraft,
} from '../../drafts/api/draft-store';
import type { ContentApi } from '../api/content-api';
import { DraftDialogs } from './draft-dialogs';
import { GalleryField, ImageField } from './image-fields';
import './content.css';

const RichTextEditor = lazy(() => import('../../post-editor/components/rich-text-editor'));

type Values = Record<string, unknown>;

export interface ContentFormProps<I extends ContentMeta> {
  kind: ContentKind;
  api: ContentApi<I>;
  /** An item's id, or null for a new one (in `language`, translating `translationOf` when given). */
  id: number | null;
  language: Language;
  translationOf: number | null;
  /** Each field's label, in the editor's language. */
  labels: Record<string, string>;
  /** The options of each choice field (value and label). */
  options: Record<string, { value: string; label: string }[]>;
  /** A new item's values before the editor types (the first category). */
  initial: Values;
  /** The list screen (`?language=` is added). */
  basePath: string;
  texts: { newTitle: string; editTitle: string };
  /**
   * One object rather than an item of a list (the home page's texts in one language): a save keeps the form
   * open with what the server saved, and there is no list to go back to.
   */
  single?: boolean;
  /** Shown above the fields (the single object's language switch). */
  children?: ReactNode;
}

type Loaded<I> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; item: I | null; values: Values };

/** The values a form edits: the kind's fields of an item (or of a new one). */
function valuesOf(kind: ContentKind, source: Values): Values {
  const values: Values = {};
  for (const [name, def] of Object.entries(kind.fields))
    values[name] =
      source[name] ??
      (def.type === 'boolean'
        ? false
        : def.type === 'number'
          ? null
          : def.type === 'lines' || def.type === 'gallery'
            ? []
            : '');
  return values;
}

function sameValues(a: Values, b: Values): boolean {
  // Lists (a plan's features, a gallery) compare by their entries.
  return Object.keys(a).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/**
 * The form every editable kind shares, drawn from its definition in core: a text box per text field, the rich
 * text editor for rich text, a list for a choice, a box for a yes/no, a figure box for a number and a text
 * area of one line each for lines (a plan's features). Every change is kept in IndexedDB
 * at once and offered back when the form is opened again; it is dropped once the server took the item. The
 * rules are core's (the server's too), checked before sending; the server's 422 keys are shown by their
 * fields, and a 409 asks whether to keep this edit or take the saved one.
 */
export function ContentForm<I extends ContentMeta>({
  kind,
  api,
  id,
  language: newLanguage,
  translationOf,
  labels,
  options,
  initial,
  basePath,
  texts,
  single = false,
  children,
}: ContentFormProps<I>) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [state, setState] = useState<Loaded<I>>({ status: 'loading' });
  const [errors, setErrors] = useState<ContentErrors>({});
  const [banner, setBanner] = useState<FormAlertState | null>(null);
  const [sending, setSending] = useState(false);
  const [restore, setRestore] = useState<{
    values: Values;
    savedAt: string;
    baseVersion: string | null;
  } | null>(null);
  const [conflict, setConflict] = useState<I | null>(null);
  const [edited, setEdited] = useState(false);
  const draftKey = contentDraftKey(
    kind.name,
    id === null ? { language: newLanguage, translationOf } : { id },
  );
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        let item: I | null = null;
        let values = valuesOf(kind, initial);
        if (id !== null) {
          item = await api.get(id, controller.signal);
          values = valuesOf(kind, item as unknown as Values);
        } else if (translationOf !== null) {
          // A translation starts with what the two share (the category); translated fields are written anew.
          const original = await api.get(translationOf, controller.signal);
          for (const [name, def] of Object.entries(kind.fields))
            if (!def.translated) values[name] = (original as unknown as Values)[name];
        }
        if (controller.signal.aborted) return;
        setState({ status: 'ready', item, values });
        const draft = await readContentDraft(draftKey).catch(() => undefined);
        if (draft && !controller.signal.aborted && !sameValues(draft.values, values))
          setRestore({ values: draft.values, savedAt: draft.savedAt, baseVersion: draft.baseVersion });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      }
    })();
    return () => controller.abort();
  }, [api, id, translationOf, draftKey, kind, initial]);

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
        <Link to={`${basePath}?language=${newLanguage}`}>{t('content.backToList')}</Link>
      </div>
    );

  const { item, values } = state;
  const language = item?.language ?? newLanguage;
  const dir = directionOf(language);
  const listPath = `${basePath}?language=${language}`;

  function setValues(next: Values) {
    setState((current) => (current.status === 'ready' ? { ...current, values: next } : current));
    setEdited(true);
    void saveContentDraft({
      key: draftKey,
      kind: kind.name,
      values: next,
      baseVersion: item?.version ?? null,
    }).catch(() => undefined);
  }

  function setField(name: string, value: unknown) {
    setValues({ ...values, [name]: value });
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  }

  async function send(version: string | undefined, sent: Values) {
    setSending(true);
    setBanner(null);
    try {
      const saved =
        item === null
          ? await api.create({
              ...sent,
              language,
              ...(translationOf !== null ? { translation_of: translationOf } : {}),
            })
          : await api.update({ ...item, ...sent, version: version ?? item.version } as I);
      await deleteContentDraft(draftKey).catch(() => undefined);
      toast.success(t(item === null ? 'content.created' : 'content.saved'));
      if (single) {
        setState({ status: 'ready', item: saved, values: valuesOf(kind, saved as unknown as Values) });
        setEdited(false);
      } else navigate(listPath);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const body = error.body as { errors?: ContentErrors } | null;
        refuse(body?.errors ?? {});
      } else if (error instanceof ApiError && error.status === 409) {
        setConflict((error.body as { current?: I } | null)?.current ?? null);
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
    const choices = Object.fromEntries(
      Object.entries(options).map(([k, list]) => [k, list.map((o) => o.value)]),
    );
    const found = validateContent(kind, values, choices);
    setErrors(found);
    if (hasErrors(found)) {
      refuse(found);
      return;
    }
    void send(undefined, values);
  }

  /**
   * A save refused (by core's rules here, or by the server's 422): every field marked at once, and a summary
   * above the form that links to each, which gets focus.
   */
  function refuse(found: ContentErrors) {
    setErrors(found);
    const listed = Object.keys(kind.fields).flatMap((name) => {
      const key = found[name]?.[0];
      if (!key) return [];
      const message = t(`content.errors.${key}`, { defaultValue: key });
      return [{ id: `content-${name}`, message: `${labels[name] ?? name}: ${message}` }];
    });
    setBanner({ kind: 'error', text: t('editor.errorSummary'), errors: listed });
  }

  const errorOf = (name: string) => {
    const key = errors[name]?.[0];
    return key ? t(`content.errors.${key}`, { defaultValue: key }) : null;
  };

  return (
    <section className="admin-page container content-form" aria-labelledby="content-form-heading">
      <header className="admin-page__header">
        <h1 id="content-form-heading">{item === null ? texts.newTitle : texts.editTitle}</h1>
        {!single && <Link to={listPath}>{t('content.backToList')}</Link>}
      </header>
      {children}
      <p className="content-form__language">
        {t('content.writtenIn', { language: t(`content.languages.${language}`) })}
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
          const mine = values;
          setConflict(null);
          void send(version, mine);
        }}
        onTakeTheirs={() => {
          if (!conflict) return;
          setState({
            status: 'ready',
            item: conflict,
            values: valuesOf(kind, conflict as unknown as Values),
          });
          setConflict(null);
          setEdited(false);
        }}
      />
      {banner && <FormAlert alert={banner} ref={bannerRef} />}
      <form noValidate onSubmit={submit} aria-busy={sending}>
        {Object.entries(kind.fields).map(([name, def]) => {
          const error = errorOf(name);
          const fieldId = `content-${name}`;
          const errorId = `${fieldId}-error`;
          const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
          const className = `admin-field${error ? ' admin-field--invalid' : ''}`;
          const required = def.required ? (
            <span className="admin-field__required" aria-hidden="true">
              *
            </span>
          ) : null;
          const message = error && (
            <p id={errorId} className="admin-field__error">
              {error}
            </p>
          );
          if (def.type === 'boolean')
            return (
              <div key={name} className={`${className} content-form__check`}>
                <label>
                  <input
                    type="checkbox"
                    checked={values[name] === true}
                    onChange={(event) => setField(name, event.target.checked)}
                  />{' '}
                  {labels[name]}
                </label>
                {message}
              </div>
            );
          if (def.type === 'choice')
            return (
              <div key={name} className={className}>
                <label className="admin-field__label" htmlFor={fieldId}>
                  {labels[name]} {required}
                </label>
                <select
                  id={fieldId}
                  value={String(values[name] ?? '')}
                  onChange={(event) => setField(name, event.target.value)}
                  required={def.required}
                  {...described}
                >
                  {(options[name] ?? []).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {message}
              </div>
            );
          if (def.type === 'image')
            return (
              <div key={name} className={className}>
                <ImageField
                  id={fieldId}
                  label={labels[name] ?? name}
                  value={String(values[name] ?? '')}
                  required={def.required}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  onChange={(url) => setField(name, url)}
                  onError={(text) => setBanner({ kind: 'error', text })}
                />
                {message}
              </div>
            );
          if (def.type === 'gallery')
            return (
              <div key={name} className={className}>
                <GalleryField
                  id={fieldId}
                  label={labels[name] ?? name}
                  value={Array.isArray(values[name]) ? (values[name] as GalleryImage[]) : []}
                  max={def.maxItems ?? 12}
                  dir={dir}
                  lang={language}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  onChange={(images) => setField(name, images)}
                  onError={(text) => setBanner({ kind: 'error', text })}
                />
                {message}
              </div>
            );
          if (def.type === 'rich_text')
            return (
              <div key={name} className={className}>
                <span className="admin-field__label" id={`${fieldId}-label`}>
                  {labels[name]} {required}
                </span>
                <ErrorBoundary
                  fallback={<p className="admin-alert admin-alert--error">{t('editor_load_error')}</p>}
                >
                  <Suspense fallback={<p className="rich-text__loading">{t('editor.loadingEditor')}</p>}>
                    <RichTextEditor
                      id={fieldId}
                      labelId={`${fieldId}-label`}
                      value={String(values[name] ?? '')}
                      onChange={(html) => setField(name, html)}
                      dir={dir}
                      language={language}
                      height={220}
                      invalid={Boolean(error)}
                      onError={(text) => setBanner({ kind: 'error', text })}
                    />
                  </Suspense>
                </ErrorBoundary>
                {message}
              </div>
            );
          if (def.type === 'lines')
            return (
              <div key={name} className={className}>
                <label className="admin-field__label" htmlFor={fieldId}>
                  {labels[name]} {required}
                </label>
                <p className="admin-field__hint" id={`${fieldId}-hint`}>
                  {t('content.oneALine')}
                </p>
                <textarea
                  id={fieldId}
                  dir={dir}
                  lang={language}
                  rows={6}
                  value={(Array.isArray(values[name]) ? (values[name] as string[]) : []).join('\n')}
                  onChange={(event) => setField(name, event.target.value.split('\n'))}
                  required={def.required}
                  {...described}
                  aria-describedby={[`${fieldId}-hint`, error ? errorId : ''].join(' ').trim()}
                />
                {message}
              </div>
            );
          if (def.type === 'number')
            return (
              <div key={name} className={className}>
                <label className="admin-field__label" htmlFor={fieldId}>
                  {labels[name]} {required}
                </label>
                <input
                  id={fieldId}
                  dir="ltr"
                  inputMode="numeric"
                  className="content-form__number"
                  value={values[name] === null || values[name] === undefined ? '' : String(values[name])}
                  onChange={(event) => {
                    const raw = event.target.value.trim();
                    // Whole numbers become numbers; anything else stays as typed, for core's rules to refuse.
                    setField(name, raw === '' ? null : /^\d{1,15}$/.test(raw) ? Number(raw) : raw);
                  }}
                  required={def.required}
                  {...described}
                />
                {message}
              </div>
            );
          if (def.multiline)
            return (
              <div key={name} className={className}>
                <label className="admin-field__label" htmlFor={fieldId}>
                  {labels[name]} {required}
                </label>
                <textarea
                  id={fieldId}
                  dir={dir}
                  lang={language}
                  rows={3}
                  value={String(values[name] ?? '')}
                  maxLength={def.maxLength}
                  onChange={(event) => setField(name, event.target.value)}
                  required={def.required}
                  {...described}
                />
                {message}
              </div>
            );
          return (
            <div key={name} className={className}>
              <label className="admin-field__label" htmlFor={fieldId}>
                {labels[name]} {required}
              </label>
              <input
                id={fieldId}
                type={def.type === 'url' ? 'url' : 'text'}
                // An address and a key (Latin letters, digits and dashes) read left to right in Arabic too.
                dir={def.type === 'url' || name === 'key' ? 'ltr' : dir}
                lang={language}
                value={String(values[name] ?? '')}
                maxLength={def.maxLength}
                onChange={(event) => setField(name, event.target.value)}
                required={def.required}
                {...described}
              />
              {message}
            </div>
          );
        })}
        <div className="content-form__actions">
          <button type="submit" className="admin-button" disabled={sending}>
            {sending ? t('content.saving') : t('content.save')}
          </button>
          {!single && <Link to={listPath}>{t('content.cancel')}</Link>}
        </div>
      </form>
    </section>
  );
}
