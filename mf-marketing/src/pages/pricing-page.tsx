import { PageHero } from '../components/page-hero';
import { ContactSection } from '../features/contact/components/contact-section';

/** /pricing: the plans of every category in tabs, then the contact form (spec section 2). */
export function PricingPage() {
  return (
    <>
      <PageHero page="pricing" />
      <ContactSection />
    </>
  );
}
