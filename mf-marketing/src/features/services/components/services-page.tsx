import { useTranslation } from '@agency/core';
import { island } from '../../../components/island';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';
import { ContactFormWhenNeeded } from '../../contact/components/contact-form-part';
import { ContactSection } from '../../contact/components/contact-section';
import { ServicesGrid } from './services-grid';

/** The FAQ's tabs and accordion, their own chunk, hydrated as they come near the screen or are first used. */
const Faq = island(() => import('../../faq/components/faq').then((m) => m.Faq));

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
      <ContactSection form={ContactFormWhenNeeded} />
      <Faq />
    </>
  );
}
