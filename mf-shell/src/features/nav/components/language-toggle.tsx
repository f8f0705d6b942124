import { type Language, switchLanguage, useLanguage, useTranslation } from '@agency/core';
import { useEffect, useRef } from 'react';
import { GlobeIcon } from '../../../components/icons/ui-icons';

/** Set for the reload a switch makes: the page in the new language gives the toggle focus back. */
export const FOCUS_AFTER_SWITCH_KEY = 'agency:language-toggle-focus';

/**
 * Offers the other language, named in that language (and marked with its `lang`), and reloads into it. A
 * keyboard user who switched finds focus on the toggle again, not at the top of a new page (WCAG 2.4.3).
 */
export function LanguageToggle() {
  const { t } = useTranslation('common');
  const other: Language = useLanguage() === 'ar' ? 'en' : 'ar';
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(FOCUS_AFTER_SWITCH_KEY) === null) return;
      sessionStorage.removeItem(FOCUS_AFTER_SWITCH_KEY);
    } catch {
      return; // storage refused: the new page starts at its top
    }
    // Only where it is shown: on a phone it sits in the closed menu.
    if (button.current?.getClientRects().length) button.current.focus();
  }, []);
  const choose = () => {
    try {
      sessionStorage.setItem(FOCUS_AFTER_SWITCH_KEY, '1');
    } catch {
      // the switch works without it
    }
    switchLanguage(other);
  };
  return (
    <button ref={button} type="button" className="nav__language" lang={other} onClick={choose}>
      <GlobeIcon />
      <span>{t(`language.${other}`)}</span>
    </button>
  );
}
