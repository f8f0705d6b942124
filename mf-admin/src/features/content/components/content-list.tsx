import {
  directionOf,
  isLanguage,
  LANGUAGES,
  type Language,
  Link,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import type { ContentMeta } from '@agency/core/content';
import { type DragEvent, type ReactNode, useCallback, useRef } from 'react';
import { failureText } from '../../../lib/failure-text';
import type { ContentApi, ContentGroup } from '../api/content-api';
import './content.css';
import { useListScreen } from './use-list-screen';

/** What the list needs of an item besides the shared fields: its group and whether it is hidden. */
export type ListedItem = ContentMeta & { hidden: boolean };

export interface ContentListProps<I extends ListedItem> {
  api: ContentApi<I>;
  /** The field items are grouped and reordered by (an FAQ item's category). */
  groupOf: (item: I) => string;
  /** What a row shows (an FAQ item's question). */
  titleOf: (item: I) => string;
  /** The kind's screens: `{basePath}?language=` (this list), `{basePath}/{id}`, `{basePath}/new`. */
  basePath: string;
  /** The screen's heading and the add button's text, in the editor's language. */
  texts: { title: string; add: string; empty: string };
  /** Where the screen's heading id and test hooks come from. */
  idPrefix: string;
  /**
   * Where an item's form is in a language (default `{basePath}/{id}`, its translation's by its id, a new one
   * by `new?language=&translation_of=`): a kind whose items are one record in both languages (a service, by
   * its key) opens the same item in the other language.
   */
  pathOf?: (item: I, language: Language) => string;
  /** The delete confirmation's question (default: the item goes, its translation stays). */
  confirmDeleteOf?: (title: string) => string;
  /**
   * The groups rows are listed in, when the kind's list answer names none (a kind with one list per language,
   * such as the portfolio: one group, whose key `groupOf` gives every item).
   */
  groups?: ContentGroup[];
  /** A small picture of an item beside its title (a client logo), when the kind has one. */
  pictureOf?: (item: I) => string | null;
  children?: ReactNode;
}

function useListLanguage(fallback: Language): [Language, (language: Language) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('language');
  const language = isLanguage(raw) ? raw : fallback;
  return [language, (next) => setParams((p) => ({ ...Object.fromEntries(p), language: next }))];
}

/**
 * The list screen every editable kind shares: the items of one language (chosen in the address, so a link
 * or a reload keeps it) by group, each with its place changed by drag and drop or by its "move up" and "move
 * down" buttons (the keyboard's way, WCAG 2.1.1), hidden or shown without deleting, edited, translated, or
 * deleted after a confirmation. A change is sent at once; a refused one reloads the list and says why.
 */
export function ContentList<I extends ListedItem>({
  api,
  groupOf,
  titleOf,
  basePath,
  texts,
  idPrefix,
  pathOf,
  confirmDeleteOf,
  groups,
  pictureOf,
  children,
}: ContentListProps<I>) {
  const { t, i18n } = useTranslation('admin');
  const [language, setLanguage] = useListLanguage(isLanguage(i18n.language) ? i18n.language : 'en');
  const read = useCallback((signal?: AbortSignal) => api.list(language, signal), [api, language]);
  const { state, setState, busy, status, focusAfter, load, change } = useListScreen(read);
  const dragged = useRef<{ id: number; group: string } | null>(null);

  function move(group: string, id: number, to: number, focusId?: string) {
    // One change at a time; the buttons stay enabled (aria-disabled) so that focus stays where it is.
    if (state.status !== 'ready' || busy) return;
    const items = state.data.items.filter((item) => groupOf(item) === group);
    const from = items.findIndex((item) => item.id === id);
    if (from === -1 || to < 0 || to >= items.length || to === from) return;
    const ids = items.map((item) => item.id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    const title = titleOf(items[from] as I);
    // Shown at once; the server's order replaces it (or the list is reloaded if it was refused).
    const byId = new Map(state.data.items.map((item) => [item.id, item]));
    const others = state.data.items.filter((item) => groupOf(item) !== group);
    setState({
      status: 'ready',
      data: { ...state.data, items: [...others, ...ids.map((n) => byId.get(n) as I)] },
    });
    if (focusId) focusAfter.current = focusId;
    void change(async () => {
      const saved = await api.reorder(language, group, ids);
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: {
                ...current.data,
                items: [...current.data.items.filter((item) => groupOf(item) !== group), ...saved],
              },
            }
          : current,
      );
      return t('content.moved', { title, position: to + 1, count: ids.length });
    });
  }

  function toggleHidden(item: I) {
    if (busy) return;
    void change(async () => {
      const saved = await api.update({ ...item, hidden: !item.hidden });
      replace(saved);
      return t(saved.hidden ? 'content.hiddenDone' : 'content.shownDone', { title: titleOf(item) });
    });
  }

  function remove(item: I) {
    if (busy) return;
    const title = titleOf(item);
    if (!window.confirm(confirmDeleteOf ? confirmDeleteOf(title) : t('content.confirmDelete', { title })))
      return;
    void change(async () => {
      await api.remove(item.id);
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: { ...current.data, items: current.data.items.filter((i) => i.id !== item.id) },
            }
          : current,
      );
      return t('content.deleted', { title: titleOf(item) });
    });
  }

  function replace(saved: I) {
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            data: { ...current.data, items: current.data.items.map((i) => (i.id === saved.id ? saved : i)) },
          }
        : current,
    );
  }

  const other = LANGUAGES.find((l) => l !== language) as Language;

  function onDrop(event: DragEvent, group: string, index: number) {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    if (from && from.group === group) move(group, from.id, index);
  }

  /** One group's items; a kind without groups has one untitled list, named by the screen's heading. */
  function groupSection(group: ContentGroup | null, items: I[]) {
    const key = group?.key ?? '';
    return (
      <section
        key={key}
        className="content-list__group"
        aria-labelledby={group ? `${idPrefix}-${group.key}` : `${idPrefix}-heading`}
      >
        {group && (
          <h2 id={`${idPrefix}-${group.key}`} className="content-list__group-title">
            {group.name}
          </h2>
        )}
        {items.length === 0 ? (
          <p className="content-list__empty">{texts.empty}</p>
        ) : (
          <ol className="content-list__items">
            {items.map((item, index) => {
              const title = titleOf(item);
              const upId = `${idPrefix}-up-${item.id}`;
              const downId = `${idPrefix}-down-${item.id}`;
              return (
                <li
                  key={item.id}
                  className={`content-list__item${item.hidden ? ' content-list__item--hidden' : ''}`}
                  draggable={!busy}
                  onDragStart={(event) => {
                    dragged.current = { id: item.id, group: key };
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(item.id));
                  }}
                  onDragOver={(event) => {
                    if (dragged.current?.group === key) event.preventDefault();
                  }}
                  onDrop={(event) => onDrop(event, key, index)}
                  data-testid={`${idPrefix}-item`}
                >
                  <span className="content-list__handle" aria-hidden="true">
                    ⠿
                  </span>
                  {pictureOf && (
                    <img
                      className="content-list__picture"
                      src={pictureOf(item) ?? undefined}
                      alt=""
                      width={100}
                      height={32}
                      loading="lazy"
                    />
                  )}
                  <div className="content-list__main">
                    <Link
                      className="content-list__title"
                      to={pathOf ? pathOf(item, language) : `${basePath}/${item.id}`}
                      dir={directionOf(language)}
                    >
                      {title}
                    </Link>
                    {item.hidden && (
                      <span className="status-pill status-pill--draft">{t('content.hiddenBadge')}</span>
                    )}
                    {item.translation_id === null ? (
                      <Link
                        className="content-list__translate"
                        to={
                          pathOf
                            ? pathOf(item, other)
                            : `${basePath}/new?language=${other}&translation_of=${item.id}`
                        }
                      >
                        {t('content.translate', { language: t(`content.languages.${other}`) })}
                      </Link>
                    ) : (
                      <Link
                        className="content-list__translate"
                        to={pathOf ? pathOf(item, other) : `${basePath}/${item.translation_id}`}
                      >
                        {t('content.openTranslation', { language: t(`content.languages.${other}`) })}
                      </Link>
                    )}
                  </div>
                  <div className="content-list__actions">
                    <button
                      id={upId}
                      type="button"
                      className="admin-button admin-button--quiet content-list__move"
                      aria-label={t('content.moveUp', { title })}
                      disabled={index === 0}
                      aria-disabled={busy || undefined}
                      onClick={() => move(key, item.id, index - 1, index - 1 === 0 ? downId : upId)}
                    >
                      ↑
                    </button>
                    <button
                      id={downId}
                      type="button"
                      className="admin-button admin-button--quiet content-list__move"
                      aria-label={t('content.moveDown', { title })}
                      disabled={index === items.length - 1}
                      aria-disabled={busy || undefined}
                      onClick={() =>
                        move(key, item.id, index + 1, index + 1 === items.length - 1 ? upId : downId)
                      }
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--quiet"
                      aria-label={t(item.hidden ? 'content.showNamed' : 'content.hideNamed', { title })}
                      aria-disabled={busy || undefined}
                      onClick={() => toggleHidden(item)}
                    >
                      {t(item.hidden ? 'content.show' : 'content.hide')}
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      aria-label={t('content.deleteNamed', { title })}
                      aria-disabled={busy || undefined}
                      onClick={() => remove(item)}
                    >
                      {t('content.delete')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    );
  }

  return (
    <section className="admin-page container content-list" aria-labelledby={`${idPrefix}-heading`}>
      <header className="admin-page__header">
        <h1 id={`${idPrefix}-heading`}>{texts.title}</h1>
        <Link className="admin-button" to={`${basePath}/new?language=${language}`}>
          {texts.add}
        </Link>
      </header>
      {children}
      <fieldset className="content-list__languages">
        <legend>{t('content.languageLegend')}</legend>
        {LANGUAGES.map((l) => (
          <label key={l} className="content-list__language">
            <input
              type="radio"
              name={`${idPrefix}-language`}
              checked={l === language}
              onChange={() => setLanguage(l)}
            />
            {t(`content.languages.${l}`)}
          </label>
        ))}
      </fieldset>
      <p className="content-list__hint">{t('content.reorderHint')}</p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {state.status === 'loading' ? (
        <p className="admin-checking">{t('content.loading')}</p>
      ) : state.status === 'error' ? (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{failureText(t, 'content.loadError', state.error)}</p>
          <button type="button" className="admin-button" onClick={() => void load()}>
            {t('content.retry')}
          </button>
        </div>
      ) : (
        <div dir={directionOf(language)} lang={language}>
          {groups || state.data.categories
            ? (groups ?? state.data.categories ?? []).map((group) =>
                groupSection(
                  group,
                  state.data.items.filter((item) => groupOf(item) === group.key),
                ),
              )
            : groupSection(null, state.data.items)}
        </div>
      )}
    </section>
  );
}
