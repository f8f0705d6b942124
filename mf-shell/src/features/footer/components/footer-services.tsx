import { Link, useLanguage, useServices, useTranslation } from '@agency/core';

/** The footer lists at most this many services (spec section 9). */
export const FOOTER_SERVICES_LIMIT = 5;

/** The first five services from the API, or the loading, error or empty text. */
export function FooterServices() {
  const { t } = useTranslation('shell');
  const state = useServices(useLanguage(), FOOTER_SERVICES_LIMIT);

  if (state.status === 'loading') {
    return (
      <p className="site-footer__state" role="status">
        {t('footer.servicesLoading')}
      </p>
    );
  }
  if (state.status === 'error') return <p className="site-footer__state">{t('footer.servicesError')}</p>;
  if (state.data.length === 0) return <p className="site-footer__state">{t('footer.servicesEmpty')}</p>;
  return (
    <ul className="site-footer__list">
      {state.data.map((service) => (
        <li key={service.id}>
          <Link className="site-footer__link" to={`/services/${encodeURIComponent(service.slug)}`}>
            {service.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
