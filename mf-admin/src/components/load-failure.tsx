import { useTranslation } from '@agency/core';

/** A read that failed: what went wrong, in an alert, and a way to ask again (none when asking cannot help). */
export function LoadFailure({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-alert admin-alert--error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button
          type="button"
          className="admin-button admin-button--quiet load-failure__retry"
          onClick={onRetry}
        >
          {t('messages.retry')}
        </button>
      )}
    </div>
  );
}
