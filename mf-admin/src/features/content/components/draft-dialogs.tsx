import { type Language, useTranslation } from '@agency/core';
import { ChoiceDialog } from '../../../components/choice-dialog';
import { formatSavedAt } from '../../../lib/dates';
import { deleteContentDraft } from '../../drafts/api/draft-store';

interface DraftDialogsProps {
  /** Names the dialogs (`{id}-restore`, `{id}-conflict`). */
  id: string;
  /** The form's unsent edits on this device: dropped when the editor discards them or takes the other save. */
  draftKey: string;
  /** Whose words the texts are: the content forms' (`content.*`) or the settings' (`settings.*`). */
  texts?: 'content' | 'settings';
  /** Unsent edits found when the form opened (when they were kept), or null. */
  restore: { savedAt: string } | null;
  /** The editor takes the kept edits back into the form. */
  onRestore(): void;
  /** The restore question is answered, either way: close it. */
  onRestoreClosed(): void;
  /** Someone else saved since the form was loaded (a 409): their save's version, or null. */
  conflict: { version: string } | null;
  /** The editor keeps their own edits: send them again over the other save's version. */
  onKeepMine(version: string): void;
  /** The editor takes the other save: show it in the form (its draft is already dropped). */
  onTakeTheirs(): void;
}

/**
 * The two questions every form of the site's content asks (the content form, the services and the settings):
 * restore the edits kept on this device, and what to do when someone else saved first (409).
 */
export function DraftDialogs({
  id,
  draftKey,
  texts = 'content',
  restore,
  onRestore,
  onRestoreClosed,
  conflict,
  onKeepMine,
  onTakeTheirs,
}: DraftDialogsProps) {
  const { t, i18n } = useTranslation('admin');
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <>
      {restore && (
        <ChoiceDialog
          id={`${id}-restore`}
          title={t('content.restoreTitle')}
          primary={{
            label: t('content.restore'),
            onChoose: () => {
              onRestore();
              onRestoreClosed();
            },
          }}
          secondary={{
            label: t('content.discard'),
            onChoose: () => {
              void deleteContentDraft(draftKey);
              onRestoreClosed();
            },
          }}
        >
          <p>{t(`${texts}.restoreText`, { date: formatSavedAt(restore.savedAt, language) })}</p>
        </ChoiceDialog>
      )}
      {conflict && (
        <ChoiceDialog
          id={`${id}-conflict`}
          className="restore-prompt--conflict"
          title={t(`${texts}.conflictTitle`)}
          primary={{ label: t('content.keepMine'), onChoose: () => onKeepMine(conflict.version) }}
          secondary={{
            label: t('content.takeTheirs'),
            onChoose: () => {
              void deleteContentDraft(draftKey);
              onTakeTheirs();
            },
          }}
        >
          <p>{t(`${texts}.conflictText`, { date: formatSavedAt(conflict.version, language) })}</p>
        </ChoiceDialog>
      )}
    </>
  );
}
