import { useLanguage, useServices, useTranslation } from '@agency/core';
import { SkeletonCards } from '../../../components/skeleton-cards';
import { ServiceCard } from './service-card';

/** Every service from the server, with the loading, error (and try again) and empty states (spec section 4). */
export function ServicesGrid() {
  const { t } = useTranslation('marketing');
  const state = useServices(useLanguage());
  if (state.status === 'loading') {
    return <SkeletonCards count={6} label={t('services.loading')} listClassName="services-grid" />;
  }
  if (state.status === 'error') {
    return (
      <div className="mk-state mk-state--error" role="alert">
        <p>{t('services.error')}</p>
        <button type="button" className="button button--secondary" onClick={state.retry}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (state.data.length === 0) return <p className="mk-state">{t('services.empty')}</p>;
  return (
    <ul className="services-grid">
      {state.data.map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}
