import { useTranslation } from '@agency/core';
import { PageHero } from '../components/page-hero';
import { ContactSection } from '../features/contact/components/contact-section';
import { PricingTabs } from '../features/pricing/components/pricing-tabs';

/** /pricing: the plans of every category in tabs, then the contact form (spec section 2). */
export function PricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero page="pricing" />
      <section className="mk-section" aria-labelledby="pricing-title">
        <div className="container">
          <h2 id="pricing-title" className="mk-section-title">
            {t('pricing.title')}
          </h2>
          <PricingTabs />
        </div>
      </section>
      <ContactSection />
    </>
  );
}
