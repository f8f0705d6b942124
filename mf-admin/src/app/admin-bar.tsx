import { NavLink, useTranslation } from '@agency/core';
import type { Editor } from '../features/auth/api/types';
import { SignOutButton } from '../features/auth/components/sign-out-button';

/** The editor's own bar under the site header: the screens, who is signed in, their account, and sign-out. */
export function AdminBar({ user }: { user: Editor | null }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-bar">
      <div className="admin-bar__inner container">
        <nav className="admin-bar__nav" aria-label={t('admin.nav')}>
          <span className="admin-bar__label">{t('admin.label')}</span>
          <NavLink className="admin-bar__link" to="/posts" end>
            {t('admin.posts')}
          </NavLink>
          <NavLink className="admin-bar__link" to="/new_blog">
            {t('admin.newPost')}
          </NavLink>
        </nav>
        <div className="admin-bar__account">
          {user && (
            <span className="admin-bar__user" dir="auto">
              {t('admin.signedInAs', { name: user.name || user.email })}
            </span>
          )}
          <NavLink className="admin-bar__link" to="/account">
            {t('admin.account')}
          </NavLink>
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
