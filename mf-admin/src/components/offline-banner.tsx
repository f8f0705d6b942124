import { useTranslation } from '@agency/core';
import { useOnline } from '../hooks/use-online';

/** Says, while the browser is offline, that work stays on this device. */
export function OfflineBanner() {
  const { t } = useTranslation('admin');
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      <span className="container">{t('admin.offline')}</span>
    </p>
  );
}
