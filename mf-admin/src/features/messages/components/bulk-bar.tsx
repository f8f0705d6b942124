import { ApiError, useTranslation } from '@agency/core';
import { useState } from 'react';
import { problemText } from '../../../lib/failure-text';
import { deleteMessage, type MessageStatus, setMessageStatus } from '../api/messages';
import { refreshNewMessageCount } from '../api/new-count';

type BulkAction = 'handled' | 'spam' | 'delete';

interface BulkBarProps {
  /** The messages on this page, and those of them selected. */
  ids: number[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[]) => void;
  /** Called once an action has run, with what to say: the list is asked again. */
  onDone: (text: string, error: boolean) => void;
}

/**
 * "Select all on this page" and, once messages are selected, what can be done with all of them at once:
 * mark handled, mark spam, or erase (after a confirmation). Each message is changed by its own call; what
 * could not be is counted and said, the rest stays done.
 */
export function BulkBar({ ids, selected, onSelect, onDone }: BulkBarProps) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState<BulkAction | null>(null);
  const count = ids.filter((id) => selected.has(id)).length;
  const all = count > 0 && count === ids.length;

  async function run(action: BulkAction) {
    if (busy || count === 0) return;
    const chosen = ids.filter((id) => selected.has(id));
    if (action === 'delete' && !window.confirm(t('messages.bulk.confirmDelete', { count: chosen.length })))
      return;
    setBusy(action);
    let done = 0;
    const failures: unknown[] = [];
    for (const id of chosen) {
      try {
        if (action === 'delete') await deleteMessage(id);
        else await setMessageStatus(id, action as MessageStatus);
        done += 1;
      } catch (error) {
        // Signed out: the app sends the editor to sign in; nothing more can be done here.
        if (error instanceof ApiError && error.status === 401) return;
        failures.push(error);
      }
    }
    setBusy(null);
    void refreshNewMessageCount();
    const key = action === 'delete' ? 'deleted' : action;
    const parts = done > 0 ? [t(`messages.bulk.${key}`, { count: done })] : [];
    if (failures.length > 0)
      parts.push(t('messages.bulk.failed', { count: failures.length, reason: problemText(t, failures[0]) }));
    onDone(parts.join(' '), failures.length > 0);
  }

  const label = (action: BulkAction, text: string) => (busy === action ? t('messages.bulk.working') : text);
  return (
    <div className="messages-bulk">
      <label className="messages-bulk__all">
        <input
          type="checkbox"
          checked={all}
          ref={(input) => {
            if (input) input.indeterminate = count > 0 && !all;
          }}
          onChange={(event) => onSelect(event.target.checked ? ids : [])}
        />
        {t('messages.select.all')}
      </label>
      {count > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a toolbar of buttons, not a form group.
        <div className="messages-bulk__actions" role="group" aria-label={t('messages.bulk.label')}>
          <span className="messages-bulk__count">{t('messages.select.count', { count })}</span>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            aria-disabled={busy !== null || undefined}
            onClick={() => run('handled')}
          >
            {label('handled', t('messages.bulk.handled'))}
          </button>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            aria-disabled={busy !== null || undefined}
            onClick={() => run('spam')}
          >
            {label('spam', t('messages.bulk.spam'))}
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            aria-disabled={busy !== null || undefined}
            onClick={() => run('delete')}
          >
            {label('delete', t('messages.bulk.delete'))}
          </button>
        </div>
      )}
    </div>
  );
}
