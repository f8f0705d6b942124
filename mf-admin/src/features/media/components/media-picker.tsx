import { directionOf, useLanguage, useTranslation } from '@agency/core';
import { storedImageUrl } from '@agency/core/images';
import type { MediaItem } from '@agency/core/rules';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LoadFailure } from '../../../components/load-failure';
import { Pager, useLastPage } from '../../../components/pager';
import { problemText } from '../../../lib/failure-text';
import { countText, mediaName } from '../lib/media-text';
import { MediaSearch } from './media-search';
import { useMediaPage } from './use-media-page';
import './media.css';

interface MediaPickerProps {
  onChoose(item: MediaItem): void;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over the page to choose one image of the library: a search, a page of thumbnails (each a
 * button: click or Enter chooses it) and the pager. Focus stays inside until it closes (Escape, the close
 * button, a click beside it). It is put at the end of the page: the forms that open it must not hold its
 * search form, nor get its events.
 */
export default function MediaPicker({ onChoose, onClose }: MediaPickerProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const [reloadToken, setReloadToken] = useState(0);
  const state = useMediaPage(search.q, search.page, reloadToken);
  const loaded = state.status === 'loaded' ? state.page : null;
  const lastPage = useLastPage(loaded?.last_page);
  const dialog = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(() => heading.current?.focus(), []);

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function submit(event: FormEvent) {
    // The form that opened the picker is its parent in React: its submit must not run.
    event.preventDefault();
    event.stopPropagation();
    setSearch({ q: query.trim(), page: 1 });
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it (Escape does too)
    <div
      className="media-picker__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="media-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="media-picker-title"
        dir={directionOf(language)}
        lang={language}
        onKeyDown={keyDown}
      >
        <header className="media-picker__header">
          <h2 id="media-picker-title" ref={heading} tabIndex={-1}>
            {t('media.picker.title')}
          </h2>
          <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
            {t('media.picker.close')}
          </button>
        </header>
        <MediaSearch id="media-picker-q" query={query} onChange={setQuery} onSubmit={submit} />
        {state.status === 'error' ? (
          <LoadFailure
            text={`${t('media.loadError')} ${problemText(t, state.error)}`}
            onRetry={() => setReloadToken((n) => n + 1)}
          />
        ) : (
          <>
            <p className="media-picker__count" role="status">
              {countText(t, loaded?.total ?? null, search.q)}
            </p>
            {loaded && loaded.data.length > 0 && (
              <ul className="media-picker__list" aria-label={t('media.picker.listLabel')}>
                {loaded.data.map((item) => (
                  <li key={item.id}>
                    <button type="button" className="media-picker__item" onClick={() => onChoose(item)}>
                      <img src={storedImageUrl(item.name, 480)} alt="" loading="lazy" />
                      <span className="media-picker__name" dir="auto">
                        {mediaName(item)}
                      </span>
                      {item.alt[language] && (
                        <span className="media-picker__alt" dir="auto">
                          {item.alt[language]}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Pager
              page={search.page}
              lastPage={lastPage}
              onPage={(page) => setSearch((current) => ({ ...current, page }))}
            />
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
