import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { formatSavedAt } from '../../../lib/dates';

interface ConflictDialogProps {
  /** When the server copy was saved (its updated_at). */
  savedAt: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** A save refused with 409: the editor keeps their version (sent over the other) or takes the server's. */
export function ConflictDialog({ savedAt, onKeepMine, onTakeTheirs }: ConflictDialogProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="restore-prompt restore-prompt--conflict"
      role="alertdialog"
      aria-labelledby="conflict-title"
      aria-describedby="conflict-text"
    >
      <h2 id="conflict-title" ref={heading} tabIndex={-1}>
        {t('drafts.conflictTitle')}
      </h2>
      <p id="conflict-text">{t('drafts.conflictText', { date: formatSavedAt(savedAt, language) })}</p>
      <div className="restore-prompt__actions">
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          {t('drafts.keepMine')}
        </button>
        <button type="button" className="button button--secondary" onClick={onTakeTheirs}>
          {t('drafts.takeTheirs')}
        </button>
      </div>
    </section>
  );
}
