import { useLanguage, useTranslation } from '@agency/core';
import { formatSavedTime } from '../../../lib/dates';
import './drafts.css';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'local'; savedAt: string }
  | { status: 'server' }
  | { status: 'error' };

/** Tells the editor where their work is: on this device, on the server, or not saved. */
export function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  let text = '';
  if (state.status === 'saving') text = t('drafts.indicator.saving');
  else if (state.status === 'local') {
    text = t('drafts.indicator.local', { time: formatSavedTime(state.savedAt, language) });
  } else if (state.status === 'server') text = t('drafts.indicator.server');
  else if (state.status === 'error') text = t('drafts.indicator.error');
  return (
    <p className={`save-indicator save-indicator--${state.status}`} role="status">
      {text}
    </p>
  );
}
