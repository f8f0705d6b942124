import { useTranslation } from '@agency/core';
import { useId } from 'react';
import { ContactForm } from './contact-form';

/** The contact form with its heading: the /contact page, and the foot of /pricing and /services. */
export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
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
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
