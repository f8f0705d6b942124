import { mailtoHref, telHref, useSiteConfig, useTranslation } from '@agency/core';
import { useId } from 'react';
import { ContactForm } from './contact-form';

/** The agency's address, phone and e-mail from the site settings (the /contact page shows them by its form). */
function ContactDetails() {
  const { t } = useTranslation('marketing');
  const { address, phone, email } = useSiteConfig();
  if (!address && !phone && !email) return null;
  return (
    <dl className="contact-details">
      {address && (
        <div>
          <dt>{t('contact.details.address')}</dt>
          <dd className="contact-details__address">{address}</dd>
        </div>
      )}
      {phone && (
        <div>
          <dt>{t('contact.details.phone')}</dt>
          <dd>
            <a href={telHref(phone)} dir="ltr">
              {phone}
            </a>
          </dd>
        </div>
      )}
      {email && (
        <div>
          <dt>{t('contact.details.email')}</dt>
          <dd>
            <a href={mailtoHref(email)} dir="ltr">
              {email}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The contact form with its heading: the /contact page (with the agency's contact details), and the foot of
 * /pricing and /services.
 */
export function ContactSection({
  headingLevel = 2,
  details = false,
}: {
  headingLevel?: 1 | 2;
  details?: boolean;
}) {
  const { t } = useTranslation('marketing');
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="contact-section" aria-labelledby={id}>
      <div className="container contact-section__inner">
        <div className="contact-section__intro">
          <Heading id={id} className="contact-section__title">
            {t('contact.title')}
          </Heading>
          <p className="contact-section__lead">{t('contact.lead')}</p>
          {details && <ContactDetails />}
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
