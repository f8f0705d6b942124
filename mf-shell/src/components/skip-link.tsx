import { useTranslation } from '@agency/core';
import type { MouseEvent } from 'react';

const MAIN_ID = 'main-content';

/**
 * First focusable element of the page. Moves focus to <main> itself instead of following the hash, so the
 * URL stays clean and single-spa sees no hashchange.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('skipLink')}
    </a>
  );
}
