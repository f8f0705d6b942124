import { directionOf, useLanguage, useSearchParams, useTranslation } from '@agency/core';
import { storedImageUrl } from '@agency/core/images';
import type { MediaItem } from '@agency/core/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { ClearFilters } from '../../../components/filter-search';
import { LoadFailure } from '../../../components/load-failure';
import { useOutcome } from '../../../components/outcome-line';
import { Pager, useLastPage } from '../../../components/pager';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { formatSavedAt } from '../../../lib/dates';
import { problemText } from '../../../lib/failure-text';
import { MEDIA_SEARCH_MAX } from '../api/media-api';
import { countText, mediaName, pixelsText, sizeText } from '../lib/media-text';
import { type AltTexts, MediaDetail } from './media-detail';
import { MediaSearch } from './media-search';
import { useMediaPage } from './use-media-page';
import { UploadProgressLine, useUploads } from './use-uploads';
import '../../content/components/content.css';
import '../../drafts/components/drafts.css';
import './media.css';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? Math.min(page, 100_000) : 1;
}

/** One image in the list: a button that opens its details, and what is known of it at a glance. */
function MediaCard({
  item,
  selected,
  unsaved,
  onSelect,
}: {
  item: MediaItem;
  selected: boolean;
  unsaved: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <li className={`media-card${selected ? ' is-selected' : ''}`}>
      <button
        id={`media-item-${item.id}`}
        type="button"
        className="media-card__open"
        aria-current={selected || undefined}
        aria-describedby={`media-item-${item.id}-facts`}
        onClick={onSelect}
      >
        <img
          src={storedImageUrl(item.name, 480)}
          alt=""
          loading="lazy"
          width={item.width}
          height={item.height}
        />
        <span className="media-card__name" dir="auto">
          {mediaName(item)}
        </span>
      </button>
      <dl id={`media-item-${item.id}-facts`} className="media-card__facts">
        <div>
          <dt className="visually-hidden">{t('media.facts.size')}</dt>
          <dd>
            {sizeText(t, item.bytes, language)} · {pixelsText(t, item, language)}
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('media.facts.uploaded')}</dt>
          <dd>
            <time dateTime={item.created_at}>{formatSavedAt(item.created_at, language)}</time>
          </dd>
        </div>
        {(['en', 'ar'] as const).map((lang) => (
          <div key={lang}>
            <dt>{t(`media.altShort.${lang}`)}</dt>
            <dd dir={item.alt[lang] ? directionOf(lang) : undefined} lang={item.alt[lang] ? lang : undefined}>
              {item.alt[lang] || <span className="media-card__none">{t('media.noAlt')}</span>}
            </dd>
          </div>
        ))}
        <div>
          <dt className="visually-hidden">{t('media.usesHeading')}</dt>
          <dd className={item.uses.length ? 'media-card__used' : 'media-card__none'}>
            {item.uses.length ? t('media.usedIn', { count: item.uses.length }) : t('media.notUsed')}
          </dd>
        </div>
        {unsaved && (
          <div>
            <dt className="visually-hidden">{t('media.altHeading')}</dt>
            <dd className="media-card__unsaved">{t('media.unsaved')}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * /site/media: every stored image, newest first, with a search (file name and alt texts) and pages in the
 * address; an upload of several files at once; and each image's details beside the list.
 */
export function MediaScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim().slice(0, MEDIA_SEARCH_MAX) ?? '';
  const page = pageFrom(params.get('page'));
  const [query, setQuery] = useState(q);
  const [reloadToken, setReloadToken] = useState(0);
  const state = useMediaPage(q, page, reloadToken);
  const loaded = state.status === 'loaded' ? state.page : null;
  const lastPage = useLastPage(loaded?.last_page);
  const [selected, setSelected] = useState<MediaItem | null>(null);
  // Alt texts typed and not saved, per image: kept while the editor looks at other images on this screen.
  const [drafts, setDrafts] = useState<Record<number, AltTexts>>({});
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const { line: outcomeLine, report } = useOutcome();
  const { upload, progress } = useUploads((reason, name) =>
    setRefused((list) => [...list, { name, reason }]),
  );
  const unsaved = Object.keys(drafts).length > 0;
  useScreenTitle(t('screens.media.title'));

  useEffect(() => setQuery(q), [q]);

  // Unsaved alt texts are not lost unawares: leaving the page, or the screen by a link, asks first.
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(t('media.leaveWarning'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved, t]);

  const show = (nextQ: string, nextPage = 1) =>
    setParams({ ...(nextQ ? { q: nextQ } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });

  function search(event: FormEvent) {
    event.preventDefault();
    show(query.trim());
  }

  async function uploadChosen(files: File[]) {
    setRefused([]);
    const urls = await upload(files);
    if (urls.length === 0) return;
    report(t('media.uploaded', { count: urls.length }), false, false);
    // The new images come first in the whole library.
    setQuery('');
    if (q || page > 1) show('');
    else setReloadToken((n) => n + 1);
  }

  function setDraft(id: number, draft: AltTexts | null) {
    setDrafts((all) => {
      const { [id]: _dropped, ...rest } = all;
      return draft ? { ...rest, [id]: draft } : rest;
    });
  }

  function close() {
    const id = selected?.id;
    setSelected(null);
    if (id !== undefined) requestAnimationFrame(() => document.getElementById(`media-item-${id}`)?.focus());
  }

  const rows = loaded?.data ?? null;
  return (
    <section
      className="admin-page container media-screen"
      dir={directionOf(language)}
      aria-labelledby="media-heading"
    >
      <header className="admin-page__header">
        <div>
          <h1 id="media-heading">{t('screens.media.title')}</h1>
          <p className="media-screen__lead">{t('media.lead')}</p>
        </div>
        <div className="media-screen__upload">
          <label className="admin-button content-image__pick">
            {t('media.upload')}
            <input
              className="visually-hidden"
              type="file"
              multiple
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              aria-describedby="media-upload-hint"
              disabled={progress !== null}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void uploadChosen(files);
              }}
            />
          </label>
          <p id="media-upload-hint" className="admin-field__hint">
            {t('media.uploadHint')}
          </p>
        </div>
      </header>
      {outcomeLine}
      <UploadProgressLine progress={progress} />
      {refused.length > 0 && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{t('media.refused')}</p>
          <ul>
            {refused.map(({ name, reason }, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may have the same name
              <li key={i}>
                <bdi>{name}</bdi>: {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <MediaSearch id="media-q" query={query} onChange={setQuery} onSubmit={search}>
        <ClearFilters
          shown={q !== ''}
          onClear={() => {
            setQuery('');
            show('');
          }}
        >
          {t('media.clearSearch')}
        </ClearFilters>
      </MediaSearch>
      {state.status === 'error' ? (
        <LoadFailure
          text={`${t('media.loadError')} ${problemText(t, state.error)}`}
          onRetry={() => setReloadToken((n) => n + 1)}
        />
      ) : (
        <>
          <p className="media-screen__count" role="status">
            {countText(t, loaded?.total ?? null, q)}
          </p>
          <div className={`media-screen__body${selected ? ' has-detail' : ''}`}>
            {rows && rows.length > 0 && (
              <ul className="media-list" aria-label={t('media.listLabel')}>
                {rows.map((item) => (
                  <MediaCard
                    key={item.id}
                    item={item}
                    selected={selected?.id === item.id}
                    unsaved={item.id in drafts}
                    onSelect={() => setSelected(item)}
                  />
                ))}
              </ul>
            )}
            {selected && (
              <MediaDetail
                key={selected.id}
                item={selected}
                draft={drafts[selected.id] ?? null}
                onDraft={(draft) => setDraft(selected.id, draft)}
                onChanged={(item) => {
                  setSelected(item);
                  setReloadToken((n) => n + 1);
                }}
                onDeleted={(item) => {
                  setDraft(item.id, null);
                  setSelected(null);
                  setReloadToken((n) => n + 1);
                  report(t('media.deleted', { name: mediaName(item) }), false);
                }}
                onClose={close}
                report={report}
              />
            )}
          </div>
          <Pager page={page} lastPage={lastPage} onPage={(next) => show(q, next)} />
        </>
      )}
    </section>
  );
}
