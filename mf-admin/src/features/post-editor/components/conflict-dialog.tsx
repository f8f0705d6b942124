import { useLanguage, useTranslation } from '@agency/core';
import { ChoiceDialog } from '../../../components/choice-dialog';
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
  return (
    <ChoiceDialog
      id="conflict"
      className="restore-prompt--conflict"
      title={t('drafts.conflictTitle')}
      primary={{ label: t('drafts.keepMine'), onChoose: onKeepMine }}
      secondary={{ label: t('drafts.takeTheirs'), onChoose: onTakeTheirs }}
    >
      <p>{t('drafts.conflictText', { date: formatSavedAt(savedAt, language) })}</p>
    </ChoiceDialog>
  );
}
