import { useTranslation } from '@agency/core';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { ContactFormWhenNeeded } from '../features/contact/components/contact-form-part';
import { ContactSection } from '../features/contact/components/contact-section';
import { Pricing } from '../features/pricing/components/pricing-part';

/** /pricing: the plans of every category in tabs, then the contact form (spec section 2). */
export function PricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero page="pricing" />
      <Section title={t('pricing.title')}>
        <Pricing />
      </Section>
      <ContactSection form={ContactFormWhenNeeded} />
    </>
  );
}
