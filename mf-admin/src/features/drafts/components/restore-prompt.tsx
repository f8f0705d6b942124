import { useLanguage, useTranslation } from '@agency/core';
import { ChoiceDialog } from '../../../components/choice-dialog';
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
  return (
    <ChoiceDialog
      id="restore"
      title={t('drafts.restoreTitle')}
      primary={{ label: t('drafts.restore'), onChoose: onRestore }}
      secondary={{ label: t('drafts.discardDraft'), onChoose: onDiscard }}
    >
      <p>{t('drafts.restoreText', { date: formatSavedAt(savedAt, language) })}</p>
      {hasServerCopy && <p>{serverChanged ? t('drafts.serverChanged') : t('drafts.restoreNewer')}</p>}
    </ChoiceDialog>
  );
}
