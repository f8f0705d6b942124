import { useTranslation } from '@agency/core';
import { useEffect, useRef } from 'react';
import { SaveIndicator, type SaveState } from '../../drafts/components/save-indicator';

export type Busy = 'idle' | 'saving' | 'deleting';

interface FormActionsProps {
  mode: 'create' | 'edit';
  busy: Busy;
  disabled: boolean;
  saveState: SaveState;
  onDelete?: () => void;
}

/**
 * The bar's height, as `--save-bar-height` on the page while it is shown: the page's scroll padding leaves
 * that much room above the bottom edge, so that whatever gets focus scrolls clear of the bar (WCAG 2.4.11).
 */
function useSaveBarRoom() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--save-bar-height', `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--save-bar-height');
    };
  }, []);
  return bar;
}

/** Where the work is saved, and the submit (and, when editing, delete) buttons. */
export function FormActions({ mode, busy, disabled, saveState, onDelete }: FormActionsProps) {
  const { t } = useTranslation('admin');
  const bar = useSaveBarRoom();
  const submitLabel =
    mode === 'create'
      ? t(busy === 'saving' ? 'editor.creating' : 'editor.create')
      : t(busy === 'saving' ? 'editor.updating' : 'editor.update');
  return (
    <div className="form-actions" ref={bar}>
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
