import { Navigate, Outlet, useTranslation } from '@agency/core';
import { lazy, Suspense } from 'react';
import { useSession } from '../features/auth/api/get-me';
import { loginPath } from '../features/auth/lib/next-path';
import { EditorContext } from '../hooks/use-editor';
import { AdminBar } from './admin-bar';

// Shown before anything else to an administrator whom the owner requires to turn two-step sign-in on.
const TwoStepSetupScreen = lazy(() =>
  import('../features/account/components/two-step-setup-screen').then((m) => ({
    default: m.TwoStepSetupScreen,
  })),
);

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
  if (session.status === 'signed-in' && session.setupRequired) {
    return (
      <EditorContext.Provider value={user}>
        <Suspense fallback={<p className="admin-checking container">{t('account.loading')}</p>}>
          <TwoStepSetupScreen />
        </Suspense>
      </EditorContext.Provider>
    );
  }
  return (
    <EditorContext.Provider value={user}>
      <AdminBar user={user} />
      <Outlet />
    </EditorContext.Provider>
  );
}
