import { directionOf, type Language, type Post, useLanguage, useTranslation } from '@agency/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { useOutcome } from '../../../components/outcome-line';
import { failureText } from '../../../lib/failure-text';
import { formatPostTime } from '../../../lib/post-time';
import { conflictingPost } from '../../post-editor/api/update-post';
import {
  getRevision,
  listRevisions,
  type Revision,
  type RevisionSummary,
  restoreRevision,
} from '../api/revisions';
import {
  type ComparedField,
  type Comparison,
  compareRevisions,
  type DiffPart,
  TEXT_FIELDS,
  wordDiff,
} from '../lib/revision-diff';
import './revisions-panel.css';

export interface RevisionsPanelProps {
  /** The post's slug now (its revisions are read and restored there). */
  slug: string;
  /** The version of the post the editor has from the server: a restore over a newer save is refused. */
  version: string;
  /** The post's language: its texts are shown in it. */
  contentLanguage: Language;
  /**
   * The post as the restore saved it. Answers whether the editor is asked about an unsent draft (which then
   * takes the focus).
   */
  onRestored: (post: Post, withoutImage: boolean) => Promise<boolean>;
  /** Someone saved the post since: the server's copy. */
  onConflict: (post: Post) => void;
  onClose: () => void;
}

/**
 * When a revision was saved, to the second (saves a few seconds apart are told apart), with the zone, in the
 * interface's language and digits.
 */
function savedAtText(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'shortOffset',
  }).format(new Date(iso));
}

/** Added or removed text, marked in colour and, for whoever does not see colour, in words. */
function Parts({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'same') return <span key={key}>{part.text}</span>;
        const Mark = part.kind === 'added' ? 'ins' : 'del';
        return (
          <Mark key={key}>
            <span className="visually-hidden">
              {t(part.kind === 'added' ? 'revisions.addedMark' : 'revisions.removedMark')}{' '}
            </span>
            {part.text}
            <span className="visually-hidden"> {t('revisions.endMark')} </span>
          </Mark>
        );
      })}
    </>
  );
}

/** The comparison of two revisions: the fields that changed, then the content's text, word by word. */
function ComparisonView({
  comparison,
  contentLanguage,
}: {
  comparison: Comparison;
  contentLanguage: Language;
}) {
  const { t } = useTranslation('admin');
  const dir = directionOf(contentLanguage);
  if (comparison.fields.length === 0 && comparison.content === null)
    return <p className="revisions__none">{t('revisions.noDifference')}</p>;
  return (
    <>
      {comparison.fields.length > 0 && (
        <table className="revisions__fields">
          <caption>{t('revisions.fieldsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('revisions.field')}</th>
              <th scope="col">{t('revisions.change')}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.fields.map(({ field, before, after }) => (
              <tr key={field}>
                <th scope="row">{t(`revisions.fields.${field}`)}</th>
                <td dir={dir} lang={contentLanguage}>
                  {TEXT_FIELDS.has(field) ? (
                    <Parts parts={wordDiff(before, after, contentLanguage)} />
                  ) : (
                    <Parts
                      parts={[
                        { kind: 'removed', text: before },
                        { kind: 'same', text: ' ' },
                        { kind: 'added', text: after },
                      ]}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="revisions__subheading">{t('revisions.fields.content')}</h4>
      {comparison.content === null ? (
        <p className="revisions__none">{t('revisions.contentSame')}</p>
      ) : (
        <div className="revisions__text" dir={dir} lang={contentLanguage}>
          <Parts parts={comparison.content} />
        </div>
      )}
    </>
  );
}

/**
 * The post's revisions: any two compared, word by word, and any one restored as the post's new version (a new
 * save, refused over someone else's newer one). It takes the focus when it opens.
 */
export default function RevisionsPanel({
  slug,
  version,
  contentLanguage,
  onRestored,
  onConflict,
  onClose,
}: RevisionsPanelProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const { line, report } = useOutcome();
  const [list, setList] = useState<RevisionSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<Map<number, Revision>>(() => new Map());
  const [compareError, setCompareError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);

  useLayoutEffect(() => heading.current?.focus(), []);

  // The list, again after a restore or a conflict; the comparison starts at the two newest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the list again.
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    listRevisions(slug, controller.signal)
      .then((revisions) => {
        setList(revisions);
        setTo(revisions[0]?.id ?? null);
        setFrom(revisions[1]?.id ?? revisions[0]?.id ?? null);
      })
      .catch((error) => {
        if (!controller.signal.aborted) setLoadError(failureText(t, 'revisions.loadError', error));
      });
    return () => controller.abort();
  }, [slug, t, reloads]);

  // The two revisions compared, each read once.
  useEffect(() => {
    const missing = [from, to].filter((id): id is number => id !== null && !loaded.has(id));
    if (missing.length === 0) return;
    const controller = new AbortController();
    setCompareError(null);
    Promise.all(missing.map((id) => getRevision(slug, id, controller.signal)))
      .then((revisions) =>
        setLoaded((current) => {
          const next = new Map(current);
          for (const revision of revisions) next.set(revision.id, revision);
          return next;
        }),
      )
      .catch((error) => {
        if (!controller.signal.aborted) setCompareError(failureText(t, 'revisions.loadError', error));
      });
    return () => controller.abort();
  }, [from, to, loaded, slug, t]);

  const when = useCallback((iso: string) => savedAtText(iso, language), [language]);
  const labelOf = (revision: RevisionSummary) =>
    t('revisions.option', {
      date: when(revision.created_at),
      author: revision.author?.name || t('revisions.unknownAuthor'),
      title: revision.title,
    });

  const show = useCallback(
    (field: ComparedField, revision: Revision): string => {
      if (field === 'status') return t(`posts.status.${revision.status}`);
      if (field === 'published_at') return formatPostTime(revision.published_at, language);
      if (field === 'poster_image') {
        if (!revision.poster_image) return t('revisions.noImage');
        return revision.poster_image_available
          ? revision.poster_image
          : t('revisions.imageGone', { name: revision.poster_image });
      }
      return revision[field];
    },
    [t, language],
  );

  const older = from === null ? undefined : loaded.get(from);
  const newer = to === null ? undefined : loaded.get(to);
  const comparison = useMemo(
    () =>
      older && newer ? compareRevisions(older, newer, contentLanguage, show, t('revisions.image')) : null,
    [older, newer, contentLanguage, show, t],
  );

  async function restore(revision: RevisionSummary) {
    setRestoring(revision.id);
    try {
      const { post, withoutImage } = await restoreRevision(slug, revision.id, version);
      const asked = await onRestored(post, withoutImage);
      report(t(withoutImage ? 'post_restored_without_image' : 'post_restored'), false, !asked);
      setLoaded(new Map());
      setReloads((n) => n + 1);
    } catch (error) {
      const current = conflictingPost(error);
      if (current) {
        onConflict(current);
        report(t('revisions.conflict'), true);
        setReloads((n) => n + 1);
      } else {
        report(failureText(t, 'revisions.restoreError', error), true);
      }
    } finally {
      setRestoring(null);
    }
  }

  const select = (id: string, label: string, value: number | null, set: (id: number) => void) => (
    <div className="admin-field revisions__pick">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(event) => set(Number(event.target.value))}>
        {(list ?? []).map((revision) => (
          <option key={revision.id} value={revision.id}>
            {labelOf(revision)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section id="post-revisions" className="revisions" aria-labelledby="revisions-heading">
      <div className="revisions__head">
        <h2 id="revisions-heading" ref={heading} tabIndex={-1}>
          {t('revisions.title')}
        </h2>
        <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
          {t('revisions.close')}
        </button>
      </div>
      {line}
      {loadError && <LoadFailure text={loadError} onRetry={() => setReloads((n) => n + 1)} />}
      {!list && !loadError && <p role="status">{t('revisions.loading')}</p>}
      {list && (
        <>
          <p className="revisions__intro">{t('revisions.intro')}</p>
          {list.length < 2 ? (
            <p className="revisions__none">{t('revisions.onlyOne')}</p>
          ) : (
            <section className="revisions__compare" aria-labelledby="revisions-compare-heading">
              <h3 id="revisions-compare-heading">{t('revisions.compare')}</h3>
              <div className="revisions__picks">
                {select('revisions-from', t('revisions.from'), from, setFrom)}
                {select('revisions-to', t('revisions.to'), to, setTo)}
              </div>
              <p className="revisions__legend">
                {t('revisions.legend')} <ins>{t('revisions.legendAdded')}</ins>{' '}
                <del>{t('revisions.legendRemoved')}</del>
              </p>
              {compareError && <LoadFailure text={compareError} />}
              {from === to ? (
                <p className="revisions__none">{t('revisions.sameRevision')}</p>
              ) : comparison ? (
                <ComparisonView comparison={comparison} contentLanguage={contentLanguage} />
              ) : (
                !compareError && <p role="status">{t('revisions.comparing')}</p>
              )}
            </section>
          )}
          <h3 id="revisions-list-heading">{t('revisions.list')}</h3>
          <ol className="revisions__list" aria-labelledby="revisions-list-heading">
            {list.map((revision, index) => (
              <li key={revision.id} className="revisions__item">
                <span className="revisions__meta">
                  <time dateTime={revision.created_at}>{when(revision.created_at)}</time>
                  <span>{revision.author?.name || t('revisions.unknownAuthor')}</span>
                </span>
                <span className="revisions__title" dir="auto">
                  {revision.title}
                </span>
                {index === 0 ? (
                  <span className="revisions__current">{t('revisions.current')}</span>
                ) : (
                  <button
                    type="button"
                    className="admin-button"
                    disabled={restoring !== null}
                    aria-label={t('revisions.restoreLabel', { date: when(revision.created_at) })}
                    onClick={() => void restore(revision)}
                  >
                    {restoring === revision.id ? t('revisions.restoring') : t('revisions.restore')}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
