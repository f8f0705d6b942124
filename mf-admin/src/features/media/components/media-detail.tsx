import { ApiError, directionOf, type Language, Link, useLanguage, useTranslation } from '@agency/core';
import { storedImageUrl } from '@agency/core/images';
import {
  localDigits,
  MEDIA_ALT_MAX,
  type MediaItem,
  type MediaUse,
  mediaAltProblem,
} from '@agency/core/rules';
import { useLayoutEffect, useRef, useState } from 'react';
import { ChoiceDialog } from '../../../components/choice-dialog';
import { useCan } from '../../../hooks/use-editor';
import { formatSavedAt } from '../../../lib/dates';
import { problemText } from '../../../lib/failure-text';
import { conflictingMedia, deleteMedia, updateMediaAlt, usesInTheWay } from '../api/media-api';
import { mediaName, pixelsText, sizeText } from '../lib/media-text';

const ALT_LANGUAGES: readonly Language[] = ['en', 'ar'];

export type AltTexts = Record<Language, string>;

/** Where the image is used: each place a link to its edit screen, with its kind, role and language. */
export function MediaUses({ uses }: { uses: MediaUse[] }) {
  const { t } = useTranslation('admin');
  return (
    <ul className="media-detail__uses">
      {uses.map((use) => (
        <li key={`${use.kind}-${use.id}-${use.role}`}>
          <Link to={use.edit_url} dir="auto" lang={use.language}>
            {use.title || t('media.untitled')}
          </Link>{' '}
          <span className="media-detail__use-kind">
            {t('media.useLine', {
              kind: t(`media.kinds.${use.kind}`),
              role: t(`media.roles.${use.role}`),
              language: t(`content.languages.${use.language}`),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface MediaDetailProps {
  item: MediaItem;
  /** The alt texts typed and not saved yet (kept by the screen while the editor looks at other images). */
  draft: AltTexts | null;
  onDraft(draft: AltTexts | null): void;
  /** The server's copy changed (saved, taken from a conflict, its uses refreshed). */
  onChanged(item: MediaItem): void;
  onDeleted(item: MediaItem): void;
  onClose(): void;
  report(text: string, error: boolean, focus?: boolean): void;
}

/**
 * One image of the library: a bigger preview, its details, its alt texts in each language (editors change
 * them; authors read them), where it is used, its address to copy, and Delete (only when nothing uses it).
 */
export function MediaDetail({
  item,
  draft,
  onDraft,
  onChanged,
  onDeleted,
  onClose,
  report,
}: MediaDetailProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const canChange = useCan('media');
  const alt = draft ?? item.alt;
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<MediaItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusedBy, setRefusedBy] = useState<MediaUse[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = mediaName(item);
  const max = localDigits(String(MEDIA_ALT_MAX), language);
  const dirty = draft !== null && (draft.en !== item.alt.en || draft.ar !== item.alt.ar);

  // Opened by the editor's choice of an image: its details are read next.
  useLayoutEffect(() => heading.current?.focus(), []);

  function edit(lang: Language, value: string) {
    const next = { ...alt, [lang]: value };
    onDraft(next.en === item.alt.en && next.ar === item.alt.ar ? null : next);
  }

  async function save(version = item.version) {
    const problems: Partial<Record<Language, string>> = {};
    for (const lang of ALT_LANGUAGES) {
      const problem = mediaAltProblem(alt[lang]);
      if (problem) problems[lang] = t(`media.altErrors.${problem}`, { max });
    }
    setErrors(problems);
    const first = ALT_LANGUAGES.find((lang) => problems[lang]);
    if (first) {
      document.getElementById(`media-alt-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await updateMediaAlt(item.id, { en: alt.en, ar: alt.ar }, version);
      onDraft(null);
      onChanged(saved);
      report(t('media.saved'), false, false);
    } catch (error) {
      const current = conflictingMedia(error);
      const fields = (error instanceof ApiError && error.status === 422
        ? (error.body as { errors?: Record<string, string[]> } | null)?.errors
        : null) ?? { alt: [] };
      if (current) setConflict(current);
      else if (error instanceof ApiError && error.status === 422 && (fields['alt.en'] || fields['alt.ar'])) {
        setErrors(
          Object.fromEntries(
            ALT_LANGUAGES.filter((lang) => fields[`alt.${lang}`]?.[0]).map((lang) => [
              lang,
              t(`media.altErrors.${fields[`alt.${lang}`]?.[0] as 'too_long'}`, {
                max,
                defaultValue: problemText(t, error),
              }),
            ]),
          ),
        );
      } else report(`${t('media.saveError')} ${problemText(t, error)}`, true);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setConfirming(false);
    try {
      await deleteMedia(item.id);
      onDeleted(item);
    } catch (error) {
      const uses = usesInTheWay(error);
      if (uses) {
        setRefusedBy(uses);
        onChanged({ ...item, uses });
      } else report(`${t('media.deleteError')} ${problemText(t, error)}`, true);
    }
  }

  async function copy() {
    const url = new URL(item.url, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      report(t('media.copied'), false, false);
    } catch {
      report(t('media.copyFailed', { url }), true);
    }
  }

  return (
    <section className="media-detail" aria-labelledby="media-detail-title">
      <header className="media-detail__header">
        <h2 id="media-detail-title" ref={heading} tabIndex={-1} dir="auto">
          {name}
        </h2>
        <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
          {t('media.close')}
        </button>
      </header>
      <a href={item.url} target="_blank" rel="noreferrer" className="media-detail__preview">
        <img src={storedImageUrl(item.name, 800)} alt={t('media.openFull', { name })} />
      </a>
      <dl className="media-detail__facts">
        <div>
          <dt>{t('media.facts.size')}</dt>
          <dd>{sizeText(t, item.bytes, language)}</dd>
        </div>
        <div>
          <dt>{t('media.facts.pixels')}</dt>
          <dd>{pixelsText(t, item, language)}</dd>
        </div>
        <div>
          <dt>{t('media.facts.uploaded')}</dt>
          <dd>
            <time dateTime={item.created_at}>{formatSavedAt(item.created_at, language)}</time>
            {item.uploaded_by && (
              <>
                {' '}
                <bdi>{t('media.by', { name: item.uploaded_by.name })}</bdi>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('media.facts.storedAs')}</dt>
          <dd dir="ltr">{item.name}</dd>
        </div>
      </dl>

      <h3>{t('media.altHeading')}</h3>
      {canChange ? (
        <form
          className="media-detail__alt"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {ALT_LANGUAGES.map((lang) => (
            <div key={lang} className={`admin-field${errors[lang] ? ' admin-field--invalid' : ''}`}>
              <label className="admin-field__label" htmlFor={`media-alt-${lang}`}>
                {t(`media.altLabel.${lang}`)}
              </label>
              <textarea
                id={`media-alt-${lang}`}
                rows={2}
                dir={directionOf(lang)}
                lang={lang}
                value={alt[lang]}
                onChange={(event) => edit(lang, event.target.value)}
                aria-invalid={errors[lang] ? true : undefined}
                aria-describedby={`media-alt-hint${errors[lang] ? ` media-alt-${lang}-error` : ''}`}
              />
              {errors[lang] && (
                <p id={`media-alt-${lang}-error`} className="admin-field__error">
                  {errors[lang]}
                </p>
              )}
            </div>
          ))}
          <p id="media-alt-hint" className="admin-field__hint">
            {t('media.altHint', { max })}
          </p>
          {dirty && <p className="media-detail__unsaved">{t('media.unsaved')}</p>}
          <button type="submit" className="admin-button" disabled={saving || !dirty}>
            {saving ? t('media.saving') : t('media.saveAlt')}
          </button>
        </form>
      ) : (
        <>
          <dl className="media-detail__facts">
            {ALT_LANGUAGES.map((lang) => (
              <div key={lang}>
                <dt>{t(`media.altLabel.${lang}`)}</dt>
                <dd dir={directionOf(lang)} lang={lang}>
                  {item.alt[lang] || t('media.noAlt')}
                </dd>
              </div>
            ))}
          </dl>
          <p className="admin-field__hint">{t('media.altReadOnly')}</p>
        </>
      )}
      {conflict && (
        <ChoiceDialog
          id="media-conflict"
          className="restore-prompt--conflict"
          title={t('media.conflictTitle')}
          primary={{
            label: t('content.keepMine'),
            onChoose: () => {
              const version = conflict.version;
              setConflict(null);
              onChanged(conflict);
              void save(version);
            },
          }}
          secondary={{
            label: t('content.takeTheirs'),
            onChoose: () => {
              setConflict(null);
              onDraft(null);
              onChanged(conflict);
            },
          }}
        >
          <p>{t('media.conflictText', { date: formatSavedAt(conflict.version, language) })}</p>
        </ChoiceDialog>
      )}

      <h3>{t('media.usesHeading')}</h3>
      {item.uses.length === 0 ? <p>{t('media.notUsed')}</p> : <MediaUses uses={item.uses} />}

      <div className="media-detail__actions">
        <button type="button" className="admin-button admin-button--quiet" onClick={copy}>
          {t('media.copyUrl')}
        </button>
        {canChange && (
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={item.uses.length > 0}
            aria-describedby={item.uses.length > 0 ? 'media-delete-why' : undefined}
            onClick={() => setConfirming(true)}
          >
            {t('media.delete')}
          </button>
        )}
      </div>
      {canChange && item.uses.length > 0 && (
        <p id="media-delete-why" className="admin-field__hint">
          {t('media.deleteInUse')}
        </p>
      )}
      {refusedBy && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{t('media.inUseError')}</p>
          <MediaUses uses={refusedBy} />
        </div>
      )}
      {confirming && (
        <ChoiceDialog
          id="media-delete"
          title={t('media.confirmDeleteTitle')}
          primary={{ label: t('media.confirmDelete'), onChoose: () => void remove() }}
          secondary={{ label: t('media.keepImage'), onChoose: () => setConfirming(false) }}
        >
          <p>{t('media.confirmDeleteText', { name })}</p>
        </ChoiceDialog>
      )}
    </section>
  );
}
