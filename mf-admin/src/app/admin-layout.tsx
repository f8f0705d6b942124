import { Navigate, Outlet, useTranslation } from '@agency/core';
import { useSession } from '../features/auth/api/get-me';
import { loginPath } from '../features/auth/lib/next-path';
import { EditorContext } from '../hooks/use-editor';
import { AdminBar } from './admin-bar';

/**
 * The editor screens: a session is checked once; without one the editor signs in first. With no answer
 * (offline) the screens still open, for what this device holds.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const session = useSession();
  if (session.status === 'checking') {
    return (
      <p className="admin-checking container" role="status">
        {t('admin.checking')}
      </p>
    );
  }
  if (session.status === 'signed-out') return <Navigate replace to={loginPath(window.location)} />;
  const user = session.status === 'signed-in' ? session.user : null;
  return (
    <EditorContext.Provider value={user}>
      <AdminBar user={user} />
      <Outlet />
    </EditorContext.Provider>
  );
}
