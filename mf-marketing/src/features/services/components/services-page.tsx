import { useTranslation } from '@agency/core';
import { PageHero } from '../../../components/page-hero';
import { ContactSection } from '../../contact/components/contact-section';
import { Faq } from '../../faq/components/faq';
import { ServicesGrid } from './services-grid';

/** /services: hero with links to /pricing and /about, every service, the contact form, the FAQ. */
export function ServicesPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero
        page="services"
        links={[
          { to: '/pricing', label: t('services.seePricing'), primary: true },
          { to: '/about', label: t('services.aboutUs') },
        ]}
      />
      <section className="mk-section" aria-labelledby="services-grid-title">
        <div className="container">
          <h2 id="services-grid-title" className="mk-section-title">
            {t('services.gridTitle')}
          </h2>
          <ServicesGrid />
        </div>
      </section>
      <ContactSection />
      <Faq />
    </>
  );
}
