import { toast, useNavigate, useTranslation } from '@agency/core';
import { useEffect } from 'react';
import { loginPath } from '../features/auth/lib/next-path';
import { onUnauthorized } from '../lib/admin-api';

/**
 * Any admin call answered 401 sends the editor to /login, which brings them back here afterwards. The
 * address is read from the window: the create screen writes its draft id there without the router.
 */
export function UnauthorizedRedirect() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (window.location.pathname === '/login') return;
        toast.warning(t('admin.sessionEnded'), { toastId: 'session-ended' });
        navigate(loginPath(window.location));
      }),
    [navigate, t],
  );
  return null;
}
