import { type Language, switchLanguage, useLanguage, useTranslation } from '@agency/core';
import { GlobeIcon } from '../../../components/icons/ui-icons';

/** Offers the other language, named in that language (and marked with its `lang`), and reloads into it. */
export function LanguageToggle() {
  const { t } = useTranslation('common');
  const other: Language = useLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className="nav__language" lang={other} onClick={() => switchLanguage(other)}>
      <GlobeIcon />
      <span>{t(`language.${other}`)}</span>
    </button>
  );
}
