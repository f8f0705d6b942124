import { onToastsNeeded } from '@agency/core';
import { type ComponentType, useEffect, useState } from 'react';

type Live = ComponentType;

/**
 * The one toast container of the page; every micro-frontend's `toast()` lands here. It mounts when the first
 * toast is asked for, and stays: react-toastify, this container's code and its styles
 * (toast-region-live.tsx) are not part of a page's first load.
 */
export function ToastRegion() {
  const [Live, setLive] = useState<Live | null>(null);
  useEffect(
    () =>
      onToastsNeeded((toastify) => {
        import('./toast-region-live').then(
          ({ LiveToastRegion }) => setLive(() => () => <LiveToastRegion toastify={toastify} />),
          (error: unknown) => console.error('Notifications could not be loaded', error),
        );
      }),
    [],
  );
  return Live ? <Live /> : null;
}
