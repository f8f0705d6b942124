import { useTranslation } from '@agency/core';

/**
 * The copyright line and the privacy and terms entries. The spec keeps the last two as placeholders that go
 * nowhere, so they are buttons without an action rather than links to a page that does not exist.
 */
export function FooterLegal({ name }: { name: string }) {
  const { t } = useTranslation('shell');
  const year = new Date().getFullYear();
  return (
    <div className="site-footer__bottom">
      <div className="container site-footer__bottom-inner">
        <p className="site-footer__copyright">{t('footer.copyright', { year, name })}</p>
        <ul className="site-footer__legal" aria-label={t('footer.legalLabel')}>
          <li>
            <button type="button" className="site-footer__legal-link">
              {t('footer.privacy')}
            </button>
          </li>
          <li>
            <button type="button" className="site-footer__legal-link">
              {t('footer.terms')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
