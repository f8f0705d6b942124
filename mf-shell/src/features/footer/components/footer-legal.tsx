import { Link, useTranslation } from '@agency/core';

/** The legal pages, by the route table's paths (mf-marketing renders them), with their names in `nav`. */
const LEGAL_LINKS = [
  { to: '/privacy', key: 'privacy' },
  { to: '/terms', key: 'terms' },
] as const;

/** The copyright line, and links to the privacy policy and the terms of service. */
export function FooterLegal({ name }: { name: string }) {
  const { t } = useTranslation('shell');
  const year = new Date().getFullYear();
  return (
    <div className="site-footer__bottom">
      <div className="container site-footer__bottom-inner">
        <p className="site-footer__copyright">{t('footer.copyright', { year, name })}</p>
        <ul className="site-footer__legal" aria-label={t('footer.legalLabel')}>
          {LEGAL_LINKS.map(({ to, key }) => (
            <li key={to}>
              <Link className="site-footer__legal-link" to={to}>
                {t(`nav.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
