import { useTranslation } from '@agency/core';
import { isOfflineError } from '../lib/errors';
import { Notice } from './notice';

interface LoadFailureProps {
  error: unknown;
  /** The text for any failure other than being offline. */
  message: string;
  onRetry: () => void;
  /** What to say when offline instead of "this page has not been saved" (a search needs the connection). */
  offlineText?: string;
}

/** A failed load: the offline message when there was no connection, else the error text; both can retry. */
export function LoadFailure({ error, message, onRetry, offlineText }: LoadFailureProps) {
  const { t } = useTranslation('blog');
  const retry = (
    <button type="button" className="button button--primary" onClick={onRetry}>
      {t('errors.retry')}
    </button>
  );
  if (isOfflineError(error)) {
    return (
      <Notice tone="offline" role="alert" title={offlineText ?? t('offline.text')} action={retry}>
        <p className="blog-notice__text">{t('offline.hint')}</p>
      </Notice>
    );
  }
  return <Notice tone="error" role="alert" title={message} action={retry} />;
}
