import { NavLink, useTranslation } from '@agency/core';
import { can } from '@agency/core/roles';
import type { Editor } from '../features/auth/api/types';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { useNewMessageCount } from '../features/messages/api/new-count';

/**
 * "Messages", with the count of new ones as a badge. The link's one name is what it shows, with the word that
 * says what the number is: "Messages 9 new" (WCAG 2.4.6), each part read once, and every word seen in it
 * (2.5.3: a name of its own, "Messages, 9 new", would not hold the "9" as shown).
 */
function MessagesLink({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('admin');
  const count = useNewMessageCount(signedIn);
  const fresh = count !== null && count > 0;
  return (
    <NavLink className="admin-bar__link" to="/messages">
      {t('admin.messages')}
      {fresh && (
        <>
          {' '}
          <span className="admin-bar__badge">{count > 99 ? '99+' : count}</span>
          <span className="visually-hidden"> {t('admin.newMessages', { count })}</span>
        </>
      )}
    </NavLink>
  );
}

type Permission = Parameters<typeof can>[1];

/** The Site group's screens, in the bar's order, each with what the role must be allowed. */
const SITE_LINKS = [
  { path: '/site/services', label: 'admin.services', needs: 'content' },
  { path: '/site/home', label: 'admin.home', needs: 'content' },
  { path: '/site/logos', label: 'admin.logos', needs: 'content' },
  { path: '/site/faq', label: 'admin.faq', needs: 'content' },
  { path: '/site/pricing', label: 'admin.pricing', needs: 'content' },
  { path: '/site/settings', label: 'admin.settings', needs: 'settings' },
  { path: '/site/portfolio', label: 'admin.portfolio', needs: 'content' },
  { path: '/site/audit', label: 'admin.audit', needs: 'people' },
] as const satisfies readonly { path: string; label: string; needs: Permission }[];

/**
 * The editor's own bar under the site header: the screens, who is signed in, their account, and sign-out.
 * A screen the editor's role cannot use is not offered (core/src/rules/roles.ts); offline, with nobody to
 * say the role, every screen is (the server decides when the work is sent).
 */
export function AdminBar({ user }: { user: Editor | null }) {
  const { t } = useTranslation('admin');
  const allows = (permission: Permission) => user === null || can(user.role, permission);
  return (
    <div className="admin-bar">
      <div className="admin-bar__inner container">
        <nav className="admin-bar__nav" aria-label={t('admin.nav')}>
          <span className="admin-bar__label">{t('admin.label')}</span>
          {/* Grouped by what the agency does with them: its blog, its site's content, its leads. */}
          <div className="admin-bar__group">
            <span className="admin-bar__group-label">{t('admin.groupBlog')}</span>
            <NavLink className="admin-bar__link" to="/posts" end>
              {t('admin.posts')}
            </NavLink>
            <NavLink className="admin-bar__link" to="/new_blog">
              {t('admin.newPost')}
            </NavLink>
            {/* Everyone who writes posts uploads and uses images; editors also describe and delete them. */}
            {allows('posts') && (
              <NavLink className="admin-bar__link" to="/site/media">
                {t('admin.media')}
              </NavLink>
            )}
          </div>
          {allows('content') && (
            <div className="admin-bar__group">
              <span className="admin-bar__group-label">{t('admin.groupSite')}</span>
              {SITE_LINKS.filter(({ needs }) => allows(needs)).map(({ path, label }) => (
                <NavLink key={path} className="admin-bar__link" to={path}>
                  {t(label)}
                </NavLink>
              ))}
            </div>
          )}
          {allows('inbox') && (
            <div className="admin-bar__group">
              <span className="admin-bar__group-label">{t('admin.groupLeads')}</span>
              <MessagesLink signedIn={user !== null} />
            </div>
          )}
        </nav>
        <div className="admin-bar__account">
          {user && (
            <span className="admin-bar__user" dir="auto">
              {t('admin.signedInAs', { name: user.name || user.email })}
            </span>
          )}
          {allows('people') && (
            <NavLink className="admin-bar__link" to="/site/people">
              {t('admin.people')}
            </NavLink>
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
