import { mailtoHref, useLanguage, useSiteConfig, useTranslation } from '@agency/core';
import { formatPublishedDate } from '@agency/core/rules';
import { type ReactNode, useId } from 'react';
import { PageHero } from '../../../components/page-hero';
import { LEGAL_UPDATED } from '../lib/legal';

/**
 * A page of plain reading (the privacy policy, the terms): its hero, the day it last changed, then its parts,
 * each a region named by its h2, in one narrow column. Nothing in it needs a script.
 */
export function LegalPage({ page, children }: { page: 'privacy' | 'terms'; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  return (
    <>
      <PageHero page={page} />
      <div className="mk-section">
        <div className="container legal">
          <p className="legal__updated">
            {t('legal.updated', { date: formatPublishedDate(LEGAL_UPDATED, language) })}
          </p>
          {children}
        </div>
      </div>
    </>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="legal__section" aria-labelledby={id}>
      <h2 id={id} className="legal__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Write to us at: hello@…", the site's public address (SITE_EMAIL), written left to right in either language. */
export function WriteToUs() {
  const { t } = useTranslation('marketing');
  const { email } = useSiteConfig();
  if (!email) return null;
  return (
    <p>
      {t('legal.writeTo')}{' '}
      <a href={mailtoHref(email)} dir="ltr">
        {email}
      </a>
    </p>
  );
}
