import { useTranslation } from '@agency/core';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';
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
      <Section title={t('services.gridTitle')}>
        <ServicesGrid />
      </Section>
      <ContactSection />
      <Faq />
    </>
  );
}
