import { useSiteConfig, useTranslation } from '@agency/core';
import { LegalPage, LegalSection, WriteToUs } from './legal-page';

/** What the contact form collects, in its order (the form's fields, and the service or plan chosen). */
const COLLECTED = ['name', 'email', 'phone', 'business', 'service', 'message'] as const;

/**
 * /privacy: what the contact form collects, why, who receives it, how long it is kept and how to have it erased.
 * The retention is the server's own setting (CONTACT_RETENTION_DAYS, written into every page with the site's
 * details), the one that erases the messages, so the page says what the site does.
 */
export function PrivacyPage() {
  const { t } = useTranslation('marketing');
  const { contactRetentionDays: days } = useSiteConfig();
  return (
    <LegalPage page="privacy">
      <LegalSection title={t('privacy.collect.title')}>
        <p>{t('privacy.collect.text')}</p>
        <ul className="legal__list">
          {COLLECTED.map((item) => (
            <li key={item}>{t(`privacy.collect.items.${item}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.collect.more')}</p>
      </LegalSection>
      <LegalSection title={t('privacy.why.title')}>
        <p>{t('privacy.why.text')}</p>
      </LegalSection>
      <LegalSection title={t('privacy.who.title')}>
        <p>{t('privacy.who.text')}</p>
      </LegalSection>
      <LegalSection title={t('privacy.retention.title')}>
        <p>
          {days > 0
            ? t('privacy.retention.text', { days: t('privacy.retention.days', { count: days }) })
            : t('privacy.retention.textUnknown')}
        </p>
        <p>{t('privacy.retention.mailbox')}</p>
      </LegalSection>
      <LegalSection title={t('privacy.erasure.title')}>
        <p>{t('privacy.erasure.text')}</p>
        <WriteToUs />
      </LegalSection>
      <LegalSection title={t('privacy.device.title')}>
        <p>{t('privacy.device.text')}</p>
        <p>{t('privacy.device.abuse')}</p>
      </LegalSection>
    </LegalPage>
  );
}
