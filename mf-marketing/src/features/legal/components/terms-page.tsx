import { Link, useTranslation } from '@agency/core';
import { LegalPage, LegalSection, WriteToUs } from './legal-page';

/** The parts of the terms that are one paragraph each, in their order (marketing.json, `terms`). */
const PLAIN = ['use', 'content', 'prices'] as const;
const AFTER = ['links', 'availability'] as const;

/** /terms: how the site may be used, whose its content is, what its prices are, and where to ask. */
export function TermsPage() {
  const { t } = useTranslation('marketing');
  return (
    <LegalPage page="terms">
      {PLAIN.map((part) => (
        <LegalSection key={part} title={t(`terms.${part}.title`)}>
          <p>{t(`terms.${part}.text`)}</p>
        </LegalSection>
      ))}
      <LegalSection title={t('terms.messages.title')}>
        <p>
          {t('terms.messages.text')} <Link to="/privacy">{t('privacy.formLink')}</Link>
        </p>
      </LegalSection>
      {AFTER.map((part) => (
        <LegalSection key={part} title={t(`terms.${part}.title`)}>
          <p>{t(`terms.${part}.text`)}</p>
        </LegalSection>
      ))}
      <LegalSection title={t('terms.changes.title')}>
        <p>{t('terms.changes.text')}</p>
        <WriteToUs />
      </LegalSection>
    </LegalPage>
  );
}
