import { Link, useTranslation } from '@agency/core';
import { PRIVACY_PATH } from '../lib/legal';

/** The contact form's one line beside its send button: what the details are for, and the policy behind it. */
export function FormPrivacyNotice() {
  const { t } = useTranslation('marketing');
  return (
    <p className="form-privacy-notice">
      {t('privacy.formNotice')} <Link to={PRIVACY_PATH}>{t('privacy.formLink')}</Link>
    </p>
  );
}
