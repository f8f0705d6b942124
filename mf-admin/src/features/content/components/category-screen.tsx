import { ApiError, Link, toast, useTranslation } from '@agency/core';
import {
  CATEGORY_KEY_MAX,
  CATEGORY_KIND,
  CATEGORY_NAME_MAX,
  type CategoryField,
  type ContentCategory,
  type ContentErrors,
  validateContent,
} from '@agency/core/content';
import { type DragEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert, type FormAlertState, summaryOf } from '../../../components/error-summary';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { failureText } from '../../../lib/failure-text';
import { type CategorisedKind, categoryApi } from '../api/category-api';
import './content.css';
import { useListScreen } from './use-list-screen';

const EMPTY = { key: '', name_en: '', name_ar: '' };
type Values = typeof EMPTY;

/** The field errors of a refused write (422), as core's rules name them. */
function fieldErrorsOf(error: unknown): ContentErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.body as { errors?: ContentErrors } | null)?.errors;
  return errors && typeof errors === 'object' ? errors : null;
}

/**
 * /site/faq/categories and /site/pricing/categories: one screen for every kind's categories (the FAQ's tabs,
 * pricing's services). Each is listed with both its names and how many items it holds; it is moved by drag and
 * drop or by its ↑ and ↓ buttons (the keyboard's way, as the other lists), renamed in both languages in its
 * row, or deleted, which the server refuses while it holds items (the editor is told how many, and to move or
 * delete them first). A new one is added below with both names and, optionally, its key.
 */
export function CategoryScreen({ kind }: { kind: CategorisedKind }) {
  const { t, i18n } = useTranslation('admin');
  const api = useMemo(() => categoryApi(kind), [kind]);
  const title = t(`categories.title.${kind}`);
  useScreenTitle(title);
  const [alert, setAlert] = useState<FormAlertState | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const dragged = useRef<number | null>(null);
  // The category being renamed, with its names as typed, and the problems of its last save.
  const [editing, setEditing] = useState<{ id: number; values: Values; errors: ContentErrors } | null>(null);
  const [draft, setDraft] = useState<Values>(EMPTY);
  const [draftErrors, setDraftErrors] = useState<ContentErrors>({});

  const read = useCallback((signal?: AbortSignal) => api.list(signal), [api]);
  const { state, setState, busy, status, setStatus, focusAfter, load, change } = useListScreen(
    read,
    (failure) => setAlert(failure === null ? null : { kind: 'error', text: failure }),
  );

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const nameOf = (c: ContentCategory) => (i18n.language === 'ar' ? c.name_ar : c.name_en) || c.key;
  const errorText = (key: string) => t(`content.errors.${key}`, { defaultValue: key });

  function move(id: number, to: number, focusId?: string) {
    if (state.status !== 'ready' || busy) return;
    const ids = state.data.map((c) => c.id);
    const from = ids.indexOf(id);
    if (from === -1 || to < 0 || to >= ids.length || to === from) return;
    ids.splice(to, 0, ...ids.splice(from, 1));
    const byId = new Map(state.data.map((c) => [c.id, c]));
    const name = nameOf(byId.get(id) as ContentCategory);
    setState({ status: 'ready', data: ids.map((n) => byId.get(n) as ContentCategory) });
    if (focusId) focusAfter.current = focusId;
    void change(async () => {
      const data = await api.reorder(ids);
      setState({ status: 'ready', data });
      return t('content.moved', { title: name, position: to + 1, count: ids.length });
    });
  }

  function remove(category: ContentCategory) {
    if (busy) return;
    const name = nameOf(category);
    if (!window.confirm(t('categories.confirmDelete', { name }))) return;
    void change(
      async () => {
        await api.remove(category.id);
        setState((s) =>
          s.status === 'ready' ? { status: 'ready', data: s.data.filter((c) => c.id !== category.id) } : s,
        );
        return t('categories.deleted', { name });
      },
      (error) => {
        // Still holding items: say how many, and what to do, in the editor's language.
        if (!(error instanceof ApiError) || error.status !== 409) return false;
        const items = Number((error.body as { items?: unknown } | null)?.items) || category.items;
        const text = t(`categories.notEmpty.${kind}`, { name, count: items });
        setStatus(text);
        setAlert({ kind: 'error', text });
        toast.error(text);
        void load();
        return true;
      },
    );
  }

  function rename(event: FormEvent, category: ContentCategory) {
    event.preventDefault();
    if (!editing) return;
    const errors = validateContent(CATEGORY_KIND, { ...editing.values, key: category.key });
    if (Object.keys(errors).length > 0) {
      setEditing({ ...editing, errors });
      return;
    }
    void change(
      async () => {
        const saved = await api.update({ ...category, ...editing.values, key: category.key });
        setState((s) =>
          s.status === 'ready'
            ? { status: 'ready', data: s.data.map((c) => (c.id === saved.id ? saved : c)) }
            : s,
        );
        setEditing(null);
        focusAfter.current = `category-rename-${saved.id}`;
        return t('categories.renamed', { name: nameOf(saved) });
      },
      (error) => {
        const errors = fieldErrorsOf(error);
        if (!errors) return false;
        setEditing({ ...editing, errors });
        return true;
      },
    );
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const errors = validateContent(CATEGORY_KIND, draft);
    setDraftErrors(errors);
    if (Object.keys(errors).length > 0) {
      setAlert({
        kind: 'error',
        text: t('categories.addRefused'),
        errors: summaryOf(errors, (field) => `category-new-${field}`, errorText),
      });
      return;
    }
    void change(
      async () => {
        const created = await api.create(draft);
        setState((s) => (s.status === 'ready' ? { status: 'ready', data: [...s.data, created] } : s));
        setDraft(EMPTY);
        return t('categories.added', { name: nameOf(created) });
      },
      (error) => {
        const errors = fieldErrorsOf(error);
        if (!errors) return false;
        setDraftErrors(errors);
        setAlert({
          kind: 'error',
          text: t('categories.addRefused'),
          errors: summaryOf(errors, (field) => `category-new-${field}`, errorText),
        });
        return true;
      },
    );
  }

  /** One text input with its label and problem; `prefix` tells the add form's from a row's. */
  function field(
    prefix: string,
    name: CategoryField,
    values: Values,
    errors: ContentErrors,
    set: (values: Values) => void,
    hint?: string,
  ) {
    const id = `${prefix}-${name}`;
    const problem = errors[name]?.[0];
    const arabic = name === 'name_ar';
    return (
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={id}>
          {t(`categories.fields.${name}`)}
        </label>
        {hint && (
          <p className="admin-field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        <input
          id={id}
          name={name}
          value={values[name]}
          maxLength={name === 'key' ? CATEGORY_KEY_MAX : CATEGORY_NAME_MAX}
          dir={arabic ? 'rtl' : name === 'key' ? 'ltr' : 'auto'}
          lang={arabic ? 'ar' : 'en'}
          required={name !== 'key'}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].join(' ').trim() || undefined
          }
          onChange={(event) => set({ ...values, [name]: event.target.value })}
        />
        {problem && (
          <p className="admin-field__error" id={`${id}-error`}>
            {errorText(problem)}
          </p>
        )}
      </div>
    );
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    const id = dragged.current;
    dragged.current = null;
    if (id !== null) move(id, index);
  }

  return (
    <section
      className="admin-page container content-list category-screen"
      aria-labelledby="categories-heading"
    >
      <header className="admin-page__header">
        <h1 id="categories-heading">{title}</h1>
        <Link className="admin-button admin-button--quiet" to={`/site/${kind}`}>
          {t(`categories.back.${kind}`)}
        </Link>
      </header>
      <p className="content-list__hint">{t('categories.hint')}</p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {alert && <FormAlert alert={alert} ref={alertRef} />}
      {state.status === 'loading' ? (
        <p className="admin-checking">{t('content.loading')}</p>
      ) : state.status === 'error' ? (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{failureText(t, 'content.loadError', state.error)}</p>
          <button type="button" className="admin-button" onClick={() => void load()}>
            {t('content.retry')}
          </button>
        </div>
      ) : state.data.length === 0 ? (
        <p className="content-list__empty">{t('categories.empty')}</p>
      ) : (
        <ol className="content-list__items">
          {state.data.map((category, index) => {
            const name = nameOf(category);
            const upId = `category-up-${category.id}`;
            const downId = `category-down-${category.id}`;
            const open = editing?.id === category.id ? editing : null;
            return (
              <li
                key={category.id}
                className="content-list__item"
                draggable={!busy && !open}
                onDragStart={(event) => {
                  dragged.current = category.id;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(category.id));
                }}
                onDragOver={(event) => {
                  if (dragged.current !== null) event.preventDefault();
                }}
                onDrop={(event) => onDrop(event, index)}
                data-testid="category-item"
              >
                <span className="content-list__handle" aria-hidden="true">
                  ⠿
                </span>
                {open ? (
                  <form
                    className="category-screen__rename"
                    onSubmit={(event) => rename(event, category)}
                    aria-label={t('categories.renameNamed', { name })}
                    noValidate
                  >
                    {field(`category-${category.id}`, 'name_en', open.values, open.errors, (values) =>
                      setEditing({ ...open, values }),
                    )}
                    {field(`category-${category.id}`, 'name_ar', open.values, open.errors, (values) =>
                      setEditing({ ...open, values }),
                    )}
                    <div className="content-form__actions">
                      <button type="submit" className="admin-button" aria-disabled={busy || undefined}>
                        {t('categories.save')}
                      </button>
                      <button
                        type="button"
                        className="admin-button admin-button--quiet"
                        onClick={() => {
                          setEditing(null);
                          focusAfter.current = `category-rename-${category.id}`;
                        }}
                      >
                        {t('categories.cancel')}
                      </button>
                    </div>
                  </form>
                ) : (
                  <div className="content-list__main category-screen__names">
                    <span className="content-list__title" lang="en" dir="ltr">
                      {category.name_en}
                    </span>
                    <span className="content-list__title" lang="ar" dir="rtl">
                      {category.name_ar}
                    </span>
                    <span className="category-screen__meta">
                      <code dir="ltr">{category.key}</code>
                      {' · '}
                      {t(`categories.items.${kind}`, { count: category.items })}
                    </span>
                  </div>
                )}
                {!open && (
                  <div className="content-list__actions">
                    <button
                      id={upId}
                      type="button"
                      className="admin-button admin-button--quiet content-list__move"
                      aria-label={t('content.moveUp', { title: name })}
                      disabled={index === 0}
                      aria-disabled={busy || undefined}
                      onClick={() => move(category.id, index - 1, index - 1 === 0 ? downId : upId)}
                    >
                      ↑
                    </button>
                    <button
                      id={downId}
                      type="button"
                      className="admin-button admin-button--quiet content-list__move"
                      aria-label={t('content.moveDown', { title: name })}
                      disabled={index === state.data.length - 1}
                      aria-disabled={busy || undefined}
                      onClick={() =>
                        move(category.id, index + 1, index + 1 === state.data.length - 1 ? upId : downId)
                      }
                    >
                      ↓
                    </button>
                    <button
                      id={`category-rename-${category.id}`}
                      type="button"
                      className="admin-button admin-button--quiet"
                      aria-label={t('categories.renameNamed', { name })}
                      aria-disabled={busy || undefined}
                      onClick={() => {
                        setEditing({
                          id: category.id,
                          values: { key: category.key, name_en: category.name_en, name_ar: category.name_ar },
                          errors: {},
                        });
                        focusAfter.current = `category-${category.id}-name_en`;
                      }}
                    >
                      {t('categories.rename')}
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      aria-label={t('content.deleteNamed', { title: name })}
                      aria-disabled={busy || undefined}
                      onClick={() => remove(category)}
                    >
                      {t('content.delete')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <form className="category-screen__add" onSubmit={add} noValidate aria-labelledby="category-new-heading">
        <h2 id="category-new-heading" className="content-list__group-title">
          {t('categories.addTitle')}
        </h2>
        {field('category-new', 'name_en', draft, draftErrors, setDraft)}
        {field('category-new', 'name_ar', draft, draftErrors, setDraft)}
        {field('category-new', 'key', draft, draftErrors, setDraft, t(`categories.keyHint.${kind}`))}
        <div className="content-form__actions">
          <button type="submit" className="admin-button" aria-disabled={busy || undefined}>
            {t('categories.add')}
          </button>
        </div>
      </form>
    </section>
  );
}
