import { Link, useTranslation } from '@agency/core';

/**
 * The contact form's one line beside its send button: what the details are for, and the policy behind it. It
 * imports nothing of the legal pages: a module shared with them would be a chunk of its own on every page with
 * the form (one more script to fetch).
 */
export function FormPrivacyNotice() {
  const { t } = useTranslation('marketing');
  return (
    <p className="form-privacy-notice">
      {t('privacy.formNotice')} <Link to="/privacy">{t('privacy.formLink')}</Link>
    </p>
  );
}
