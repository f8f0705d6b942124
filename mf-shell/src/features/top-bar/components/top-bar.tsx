import { mailtoHref, telHref, useSiteConfig, useTranslation } from '@agency/core';
import { MailIcon, PhoneIcon } from '../../../components/icons/ui-icons';
import { SkipLink } from '../../../components/skip-link';
import { SocialLinks } from '../../../components/social-links';

/** The strip above the navigation: contact e-mail, phone and social profiles. */
export function TopBar() {
  const { t } = useTranslation('shell');
  const { email, phone } = useSiteConfig();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        {(email || phone) && (
          <address className="top-bar__contact">
            {email && (
              <a className="top-bar__item" href={mailtoHref(email)}>
                <MailIcon />
                <span className="visually-hidden">{t('topBar.emailLabel')} </span>
                <span dir="ltr">{email}</span>
              </a>
            )}
            {phone && (
              <a className="top-bar__item" href={telHref(phone)}>
                <PhoneIcon />
                <span className="visually-hidden">{t('topBar.phoneLabel')} </span>
                <span dir="ltr">{phone}</span>
              </a>
            )}
          </address>
        )}
        <SocialLinks className="top-bar__social" />
      </div>
    </div>
  );
}

/** What comes first in the page's header: the skip link, then the top bar. */
export function SiteTop() {
  return (
    <>
      <SkipLink />
      <TopBar />
    </>
  );
}
