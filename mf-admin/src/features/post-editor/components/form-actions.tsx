import { useTranslation } from '@agency/core';
import { SaveIndicator, type SaveState } from '../../drafts/components/save-indicator';

export type Busy = 'idle' | 'saving' | 'deleting';

interface FormActionsProps {
  mode: 'create' | 'edit';
  busy: Busy;
  disabled: boolean;
  saveState: SaveState;
  onDelete?: () => void;
}

/** Where the work is saved, and the submit (and, when editing, delete) buttons. */
export function FormActions({ mode, busy, disabled, saveState, onDelete }: FormActionsProps) {
  const { t } = useTranslation('admin');
  const submitLabel =
    mode === 'create'
      ? t(busy === 'saving' ? 'editor.creating' : 'editor.create')
      : t(busy === 'saving' ? 'editor.updating' : 'editor.update');
  return (
    <div className="form-actions">
      <SaveIndicator state={saveState} />
      <div className="form-actions__buttons">
        {onDelete && (
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={onDelete}
            disabled={busy !== 'idle' || disabled}
          >
            {busy === 'deleting' ? t('editor.deleting') : t('editor.delete')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy !== 'idle' || disabled}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
