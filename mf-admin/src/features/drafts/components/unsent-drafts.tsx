import { Link, useLanguage, useTranslation } from '@agency/core';
import { useCallback, useEffect, useState } from 'react';
import { formatSavedAt } from '../../../lib/dates';
import { type DraftRecord, deleteDraft, listDrafts } from '../api/draft-store';
import { draftPath } from '../lib/draft-link';
import './drafts.css';

/** The drafts on this device that the server has not accepted yet, each with a link to reopen it. */
export function UnsentDrafts() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [drafts, setDrafts] = useState<DraftRecord[]>([]);

  const load = useCallback(() => {
    listDrafts().then(setDrafts, () => setDrafts([]));
  }, []);
  useEffect(load, [load]);

  async function discard(draft: DraftRecord) {
    if (!window.confirm(t('drafts.confirmDiscard'))) return;
    await deleteDraft(draft.key).catch(() => undefined);
    load();
  }

  if (drafts.length === 0) return null;
  return (
    <section className="unsent-drafts" aria-labelledby="unsent-drafts-heading">
      <h2 id="unsent-drafts-heading">{t('drafts.title')}</h2>
      <p className="unsent-drafts__intro">{t('drafts.intro')}</p>
      <ul className="unsent-drafts__list">
        {drafts.map((draft) => {
          const title = draft.fields.title.trim() || t('drafts.untitled');
          return (
            <li key={draft.key} className="unsent-drafts__item">
              <div className="unsent-drafts__text">
                <span className="unsent-drafts__title" dir="auto">
                  {title}
                </span>
                <span className="unsent-drafts__meta">
                  {draft.kind === 'edit' && draft.slug
                    ? t('drafts.editOf', { slug: draft.slug })
                    : t('drafts.newPost')}
                  {' · '}
                  {t('drafts.savedAt', { date: formatSavedAt(draft.savedAt, language) })}
                </span>
              </div>
              <div className="unsent-drafts__actions">
                <Link
                  className="admin-button admin-button--quiet"
                  to={draftPath(draft)}
                  aria-label={t('drafts.openLabel', { title })}
                >
                  {t('drafts.open')}
                </Link>
                <button
                  type="button"
                  className="admin-button admin-button--danger"
                  onClick={() => discard(draft)}
                  aria-label={t('drafts.discardLabel', { title })}
                >
                  {t('drafts.discard')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
