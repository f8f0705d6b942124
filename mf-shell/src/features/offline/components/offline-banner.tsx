import { useTranslation } from '@agency/core';
import { useOnlineStatus } from './use-online-status';
import './offline-banner.css';

/** A strip under the navigation while the browser is offline: what was read before still opens. */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const online = useOnlineStatus();
  return (
    <div className="offline-banner" role="status" aria-live="polite" hidden={online}>
      {!online && (
        <p className="container offline-banner__text">
          <span className="offline-banner__dot" aria-hidden="true" />
          {t('offline.banner')}
        </p>
      )}
    </div>
  );
}
