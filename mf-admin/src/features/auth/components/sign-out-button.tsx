import { ApiError, toast, useNavigate, useTranslation } from '@agency/core';
import { useState } from 'react';
import { logout } from '../api/logout';

/** Ends the session and forgets the lists saved for offline reading; drafts stay (they are unsent work). */
export function SignOutButton() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    // The offline store's code loads only on the way out: the sign-in page, which shares this bundle, has no
    // use for it.
    await import('../../../lib/admin-db').then((db) => db.clearSavedPostPages()).catch(() => undefined);
    try {
      await logout();
      navigate('/login', { replace: true });
    } catch (error) {
      setBusy(false);
      // Already signed out elsewhere: that is what the editor wanted.
      if (error instanceof ApiError && error.status === 401) navigate('/login', { replace: true });
      else
        toast.error(
          error instanceof ApiError && error.isNetworkError ? t('no_server_response') : String(error),
        );
    }
  }

  return (
    <button type="button" className="admin-bar__sign-out" onClick={signOut} disabled={busy}>
      {busy ? t('admin.signingOut') : t('admin.signOut')}
    </button>
  );
}
