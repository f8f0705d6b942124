import { Link, mailtoHref, telHref, useSiteConfig, useTranslation } from '@agency/core';
import { useId } from 'react';
import { BrandMark } from '../../../components/icons/brand-mark';
import { SocialLinks } from '../../../components/social-links';
import { CONTACT_PATH, NAV_ITEMS } from '../../../config/nav-items';
import { FooterLegal } from './footer-legal';
import { FooterServices } from './footer-services';

export function Footer() {
  const { t } = useTranslation('shell');
  const { name, address, phone, email } = useSiteConfig();
  const servicesId = useId();
  const linksId = useId();
  const followId = useId();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <BrandMark />
            <span>{name}</span>
          </p>
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
          {(address || phone || email) && (
            <address className="site-footer__contact" aria-label={t('footer.contactLabel')}>
              {address && <span className="site-footer__address">{address}</span>}
              {phone && (
                <a className="site-footer__link" href={telHref(phone)}>
                  <span className="visually-hidden">{t('topBar.phoneLabel')} </span>
                  <span dir="ltr">{phone}</span>
                </a>
              )}
              {email && (
                <a className="site-footer__link" href={mailtoHref(email)}>
                  <span className="visually-hidden">{t('topBar.emailLabel')} </span>
                  <span dir="ltr">{email}</span>
                </a>
              )}
            </address>
          )}
        </div>
        <nav aria-labelledby={servicesId}>
          <h2 id={servicesId} className="site-footer__title">
            {t('footer.servicesTitle')}
          </h2>
          <FooterServices />
        </nav>
        <nav aria-labelledby={linksId}>
          <h2 id={linksId} className="site-footer__title">
            {t('footer.quickLinksTitle')}
          </h2>
          <ul className="site-footer__list">
            {NAV_ITEMS.map(({ to, key }) => (
              <li key={to}>
                <Link className="site-footer__link" to={to}>
                  {t(`nav.${key}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link className="site-footer__link" to={CONTACT_PATH}>
                {t('nav.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <section className="site-footer__follow" aria-labelledby={followId}>
          <h2 id={followId} className="site-footer__title">
            {t('footer.followTitle')}
          </h2>
          <p className="site-footer__text">{t('footer.followText')}</p>
          <SocialLinks className="site-footer__social" />
        </section>
      </div>
      <FooterLegal name={name} />
    </footer>
  );
}
