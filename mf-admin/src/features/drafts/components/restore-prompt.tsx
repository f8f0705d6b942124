import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { formatSavedAt } from '../../../lib/dates';
import './drafts.css';

interface RestorePromptProps {
  savedAt: string;
  /** The server copy changed after the draft was started: a save will ask which version to keep. */
  serverChanged: boolean;
  /** Whether there is a server copy to compare with (edits only). */
  hasServerCopy: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers to bring back an unsent draft, saying when it was saved. */
export function RestorePrompt({
  savedAt,
  serverChanged,
  hasServerCopy,
  onRestore,
  onDiscard,
}: RestorePromptProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      className="restore-prompt"
      role="alertdialog"
      aria-labelledby="restore-title"
      aria-describedby="restore-text"
    >
      <h2 id="restore-title" ref={heading} tabIndex={-1}>
        {t('drafts.restoreTitle')}
      </h2>
      <div id="restore-text">
        <p>{t('drafts.restoreText', { date: formatSavedAt(savedAt, language) })}</p>
        {hasServerCopy && <p>{serverChanged ? t('drafts.serverChanged') : t('drafts.restoreNewer')}</p>}
      </div>
      <div className="restore-prompt__actions">
        <button type="button" className="button button--primary" onClick={onRestore}>
          {t('drafts.restore')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          {t('drafts.discardDraft')}
        </button>
      </div>
    </section>
  );
}
