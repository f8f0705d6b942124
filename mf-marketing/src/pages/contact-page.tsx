import { PageHero } from '../components/page-hero';
import { ContactForm } from '../features/contact/components/contact-form';
import { ContactSection } from '../features/contact/components/contact-section';

/** /contact: the contact form (spec section 2). */
export function ContactPage() {
  return (
    <>
      <PageHero page="contact" />
      <ContactSection details form={ContactForm} />
    </>
  );
}
