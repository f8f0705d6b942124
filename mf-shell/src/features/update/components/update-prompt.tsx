import { onUpdateAvailable, toast, type UpdateAvailableDetail, useTranslation } from '@agency/core';
import { useEffect } from 'react';
import './update-prompt.css';

const TOAST_ID = 'update-available';

function UpdateMessage({ apply }: UpdateAvailableDetail) {
  const { t } = useTranslation('shell');
  return (
    <div className="update-toast">
      <p className="update-toast__text">{t('update.available')}</p>
      <button type="button" className="button button--primary update-toast__button" onClick={apply}>
        {t('update.reload')}
      </button>
    </div>
  );
}

/** Offers the new version when root-config's service worker has one waiting; it stays until answered. */
export function UpdatePrompt() {
  useEffect(
    () =>
      onUpdateAvailable(({ apply }) => {
        toast.info(<UpdateMessage apply={apply} />, {
          toastId: TOAST_ID,
          autoClose: false,
          closeOnClick: false,
          draggable: false,
        });
      }),
    [],
  );
  return null;
}
