import { mailtoHref, telHref, useSiteConfig, useTranslation } from '@agency/core';
import { type ComponentType, useId } from 'react';

/** The agency's address, phone and e-mail from the site settings (the /contact page shows them by its form). */
function ContactDetails() {
  const { t } = useTranslation('marketing');
  const { address, phone, email } = useSiteConfig();
  const rows = [
    ['address', address],
    ['phone', phone, telHref(phone)],
    ['email', email, mailtoHref(email)],
  ].filter(([, value]) => value);
  return rows.length > 0 ? (
    <dl className="contact-details">
      {rows.map(([key, value, href]) => (
        <div key={key}>
          <dt>{t(`contact.details.${key}`)}</dt>
          <dd>
            {href ? (
              <a href={href} dir="ltr">
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  ) : null;
}

/**
 * The contact form with its heading: the /contact page (with the agency's contact details), and the foot of
 * /pricing and /services.
 */
export function ContactSection({
  headingLevel = 2,
  details = false,
  form: ContactForm,
}: {
  headingLevel?: 1 | 2;
  details?: boolean;
  /** The form: `ContactForm`, or `ContactFormWhenNeeded` at the foot of a page. */
  form: ComponentType;
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
